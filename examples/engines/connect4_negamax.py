#!/usr/bin/env python3
"""A Connect 4 engine for AI Playground, in Python with the standard library only.

It speaks the engine protocol (docs/engine-protocol.md): JSON lines on standard input and output. Its search
is negamax with alpha-beta to a fixed depth (its parameter `depth`), over a simple evaluation: for every
window of four cells in a line, three of one side's stones and an empty cell count 5, two and two empty
count 2, and each stone in the centre column counts 3. A win found in the search beats any evaluation.

    npx playground connect4 tournament --engine py="python3 examples/engines/connect4_negamax.py" \
        --bots py,py:depth=2,classic:depth=4 --games 10
"""

import json
import sys

WIDTH, HEIGHT = 7, 6
ORDER = [3, 2, 4, 1, 5, 0, 6]  # centre columns first: better moves first, more cut-offs
WIN = 1_000_000

# Every window of four cells, as lists of (column, row).
WINDOWS = []
for c in range(WIDTH):
    for r in range(HEIGHT):
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            cells = [(c + i * dc, r + i * dr) for i in range(4)]
            if all(0 <= x < WIDTH and 0 <= y < HEIGHT for x, y in cells):
                WINDOWS.append(cells)


def board_of(moves):
    """The columns (bottom first) after the moves, each a list of 0 (first player) and 1 stones."""
    board = [[] for _ in range(WIDTH)]
    for i, ch in enumerate(moves):
        column = int(ch) - 1
        if not 0 <= column < WIDTH or len(board[column]) == HEIGHT:
            raise ValueError(f"bad move {ch} in {moves}")
        board[column].append(i % 2)
    return board


def cell(board, c, r):
    return board[c][r] if r < len(board[c]) else None


def wins(board, c):
    """Whether the stone just dropped in column c makes four in a line."""
    r = len(board[c]) - 1
    me = board[c][r]
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            x, y = c + sign * dc, r + sign * dr
            while 0 <= x < WIDTH and 0 <= y < HEIGHT and cell(board, x, y) == me:
                count += 1
                x, y = x + sign * dc, y + sign * dr
        if count >= 4:
            return True
    return False


def evaluate(board, me):
    score = 0
    for cells in WINDOWS:
        stones = [cell(board, x, y) for x, y in cells]
        mine, theirs, empty = stones.count(me), stones.count(1 - me), stones.count(None)
        if theirs == 0:
            score += 5 if (mine == 3 and empty == 1) else 2 if (mine == 2 and empty == 2) else 0
        if mine == 0:
            score -= 5 if (theirs == 3 and empty == 1) else 2 if (theirs == 2 and empty == 2) else 0
    score += 3 * (board[3].count(me) - board[3].count(1 - me))
    return score


def negamax(board, me, depth, alpha, beta, stones):
    if stones == WIDTH * HEIGHT:
        return 0
    if depth == 0:
        return evaluate(board, me)
    best = -WIN * 2
    for c in ORDER:
        if len(board[c]) == HEIGHT:
            continue
        board[c].append(me)
        value = WIN + depth if wins(board, c) else -negamax(board, 1 - me, depth - 1, -beta, -alpha, stones + 1)
        board[c].pop()
        if value > best:
            best = value
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def choose(moves, depth):
    board = board_of(moves)
    me = len(moves) % 2
    best_value, best_column = None, None
    alpha = -WIN * 2
    for c in ORDER:
        if len(board[c]) == HEIGHT:
            continue
        board[c].append(me)
        value = WIN + depth if wins(board, c) else -negamax(board, 1 - me, depth - 1, -WIN * 2, -alpha, len(moves) + 1)
        board[c].pop()
        if best_value is None or value > best_value:
            best_value, best_column = value, c
        alpha = max(alpha, value)
    return best_column + 1, best_value


def main():
    params = {"depth": 4}
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            answer = {
                "name": "connect4-negamax.py",
                "author": "AI Playground examples",
                "params": [{"name": "depth", "label": "Plies searched", "min": 1, "max": 8, "default": 4}],
            }
        elif kind == "newgame":
            params = {"depth": 4, **message.get("params", {})}
            continue
        elif kind == "move":
            column, value = choose(message["position"], int(params["depth"]))
            answer = {"move": str(column), "info": {"depth": int(params["depth"]), "score": value}}
        elif kind == "quit":
            return
        else:
            continue
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
