#!/usr/bin/env python3
"""A Kaggle ConnectX submission as an AI Playground engine: `--engine NAME=connectx:FILE.py`.

FILE.py is run unchanged, as Kaggle runs a submission: its code is executed in a namespace of its own and its last
callable is the agent, `agent(observation, configuration)`, which answers a column from 0. Each game executes
the file afresh (an agent's globals last one game, as one Kaggle episode). Before each move Python's `random`
(and numpy's, when the agent uses numpy) is seeded with the move's seed, so an agent that draws at random plays
the same games again for the same run's seed. The engine protocol
(docs/engine-protocol.md) comes in on standard input; each move is given to the agent as Kaggle's observation
(`board`: the rows x columns cells row-major from the top, 0 empty, 1 the first player's, 2 the second's;
`mark`: the agent's, 1 or 2; `step`; `remainingOverageTime`) and configuration (`columns`, `rows`, `inarow`,
`actTimeout`, `timeout`, `agentTimeout`, `episodeSteps`, `runTimeout`), both readable as attributes or keys as
Kaggle's are. What the agent prints goes to standard error (the game's log), never into the protocol. An agent that
raises ends this process after writing its traceback to standard error: the host counts the game as lost (a
crash), as Kaggle counts an error, and starts the adapter again for the next game. Standard library only.
"""

import contextlib
import json
import operator
import os
import random
import sys
import time
import traceback

COLUMNS, ROWS, INAROW = 7, 6, 4
# ConnectX's settings on Kaggle: a move's time (when the host sets none), the overage a whole episode may spend
# beyond them, and an episode's steps and time.
ACT_TIMEOUT = 2
OVERAGE = 60
EPISODE_STEPS = 1000
RUN_TIMEOUT = 1200


class Struct(dict):
    """A dict whose keys are attributes too, as Kaggle's observation and configuration are."""

    def __init__(self, **entries):
        dict.__init__(self, entries)
        self.__dict__.update(entries)

    def __setattr__(self, name, value):
        self.__dict__[name] = value
        self[name] = value


def load_agent(path):
    """The file's last callable, its code run as Kaggle runs a submission (what it prints goes to the log)."""
    with open(path, encoding="utf-8") as file:
        source = file.read()
    namespace = {}
    directory = os.path.dirname(os.path.abspath(path))
    sys.path.append(directory)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            exec(compile(source, path, "exec"), namespace)
    finally:
        sys.path.remove(directory)
    agents = [value for value in namespace.values() if callable(value)]
    if not agents:
        raise ValueError(f"{path} defines no function: a submission's last function is its agent")
    return agents[-1]


SYMBOLS = "123456789abc"


def read_position(position):
    """The columns, rows and moves of a position in the playground's notation: the columns played in order
    (1-9, then a, b, c), after the board's size when it is not 7x6 (`6x5:4453`, `6x5:-` empty)."""
    columns, rows = COLUMNS, ROWS
    if ":" in position:
        size, position = position.split(":", 1)
        columns, rows = (int(side) for side in size.lower().split("x"))
    moves = "" if position == "-" else position.lower()
    return columns, rows, moves


def board_of(columns, rows, moves):
    """Kaggle's board: rows x columns cells row-major from the top."""
    heights = [0] * columns
    board = [0] * (columns * rows)
    for index, character in enumerate(moves):
        column = SYMBOLS.index(character)
        row = rows - 1 - heights[column]
        board[row * columns + column] = 1 + index % 2
        heights[column] += 1
    return board


def say(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: connectx.py SUBMISSION.py\n")
        return 2
    path = sys.argv[1]
    name = os.path.splitext(os.path.basename(path))[0]
    agent = None
    overage = OVERAGE
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            say({"error": "not JSON"})
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "hello":
            if message.get("game") != "connect4":
                say({"error": f"a ConnectX agent plays connect4, not {message.get('game')}"})
                continue
            agent = load_agent(path)
            say({"name": name, "author": "a Kaggle ConnectX submission", "protocol": 1})
        elif kind == "newgame":
            agent = load_agent(path)
            overage = OVERAGE
        elif kind == "move":
            position = str(message.get("position", ""))
            ms = message.get("ms") or 0
            act = ms / 1000 if ms > 0 else ACT_TIMEOUT
            columns, rows, moves = read_position(position)
            board = board_of(columns, rows, moves)
            observation = Struct(board=board, mark=1 + len(moves) % 2, step=len(moves), remainingOverageTime=overage)
            configuration = Struct(
                columns=columns,
                rows=rows,
                inarow=INAROW,
                actTimeout=act,
                timeout=act,
                agentTimeout=OVERAGE,
                episodeSteps=EPISODE_STEPS,
                runTimeout=RUN_TIMEOUT,
                __raw_path__=path,
            )
            seed = message.get("seed")
            if isinstance(seed, int):
                random.seed(seed)
                if "numpy" in sys.modules:
                    sys.modules["numpy"].random.seed(seed % 2**32)
            started = time.monotonic()
            with contextlib.redirect_stdout(sys.stderr):
                column = agent(observation, configuration)
            overage = max(0, overage - max(0, time.monotonic() - started - act))
            # A column from 0 (an int, or numpy's) becomes the playground's symbol of it (1-9, a-c); anything else
            # is sent as it is, and refused as an illegal move.
            try:
                index = operator.index(column)
                move = SYMBOLS[index] if 0 <= index < len(SYMBOLS) else str(index + 1)
            except TypeError:
                move = repr(column)
            say({"move": move})
        elif kind == "quit":
            return 0
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:
        # The traceback's last line, what went wrong, is what the host says with the crash.
        traceback.print_exc()
        sys.exit(1)
