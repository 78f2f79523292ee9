// The dead stones the solver's table key ignores (assembly/connect4/dead-stones.ts), against every line of four
// of the board: giving all of them to either player must leave each player the same lines still to complete (no
// stone of the other, an empty cell), so that positions differing only in them are the same game.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import type { Connect4Core } from '../../src/games/connect4/core';
import { legalMoves, newGame, outcome, play } from '../../src/games/connect4/rules';
import type { BoardSize } from '../../src/games/connect4/sizes';
import { coreForSize } from './size-cores';

type DeadStoneCore = Connect4Core & { isDeadStone(column: number, row: number): number };

/** Every line of four cells of the board, as [column, row] pairs. */
function linesOfFour({ width, height }: BoardSize): [number, number][][] {
  const lines: [number, number][][] = [];
  for (let c = 0; c < width; c++)
    for (let r = 0; r < height; r++)
      for (const [dc, dr] of [
        [0, 1],
        [1, 0],
        [1, 1],
        [1, -1],
      ]) {
        const line = [0, 1, 2, 3].map((i) => [c + i * dc, r + i * dr] as [number, number]);
        if (line.every(([x, y]) => x >= 0 && x < width && y >= 0 && y < height)) lines.push(line);
      }
  return lines;
}

/** The lines each player (1, 2) could still complete on this board of cells (0 empty). */
function openLines(cells: number[][], lines: [number, number][][]): string {
  const open = (player: number) =>
    lines
      .map((line, i) => (line.some(([c, r]) => cells[c][r] === 3 - player) || line.every(([c, r]) => cells[c][r] !== 0) ? -1 : i))
      .filter((i) => i >= 0)
      .join(',');
  return `${open(1)} | ${open(2)}`;
}

describe('connect 4 dead stones', () => {
  it('are stones whose colour no line of four still open depends on, on 7x6 and on boards from 4x4 to 12x4 and 4x15', async () => {
    const rng = new Rng(33);
    let dead = 0;
    let stones = 0;
    for (const [size, games] of [
      [{ width: 7, height: 6 }, 80],
      [{ width: 4, height: 4 }, 30],
      [{ width: 4, height: 10 }, 30],
      [{ width: 4, height: 15 }, 20],
      [{ width: 6, height: 5 }, 30],
      [{ width: 8, height: 7 }, 20],
      [{ width: 12, height: 4 }, 20],
    ] as [BoardSize, number][]) {
      const core = await coreForSize<DeadStoneCore>(size);
      const lines = linesOfFour(size);
      for (let game = 0; game < games; game++) {
        let position = newGame(size);
        core.reset();
        while (!outcome(position)) {
          const column = rng.pick(legalMoves(position));
          position = play(position, column);
          core.playColumn(column);
          if (outcome(position)) break;
          const cells = position.board.map((cellsOfColumn) => [...cellsOfColumn]);
          const deadCells: [number, number][] = [];
          for (let c = 0; c < size.width; c++)
            for (let r = 0; r < size.height; r++) {
              if (cells[c][r] !== 0) stones++;
              if (core.isDeadStone(c, r)) deadCells.push([c, r]);
            }
          if (deadCells.length === 0) continue;
          dead += deadCells.length;
          expect(
            deadCells.every(([c, r]) => cells[c][r] !== 0),
            `${position.moves}: an empty cell is dead`,
          ).toBe(true);
          const before = openLines(cells, lines);
          for (const player of [1, 2]) {
            const given = cells.map((column) => [...column]);
            for (const [c, r] of deadCells) given[c][r] = player;
            expect(openLines(given, lines), `${size.width}x${size.height} ${position.moves}, dead stones given to ${player}`).toBe(before);
          }
        }
      }
    }
    // The check means something only if many stones were found dead (about one in twelve here).
    expect(dead).toBeGreaterThan(stones / 20);
  });
});
