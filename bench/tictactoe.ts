// Solving every reachable non-terminal tic-tac-toe position, grouped by the number of marks on the board.

import { reachablePositions } from '../src/contracts/enumerate';
import { rules } from '../src/games/tictactoe/rules';
import { benchRow, solveSet, tableRow, type BenchRow, type BenchSuite } from './harness';

export const tictactoeSuite: BenchSuite = {
  name: 'tictactoe',
  description: 'solve every reachable non-terminal tic-tac-toe position (4,520), by marks on the board',
  async run({ pool, log }) {
    const positions = [...reachablePositions(rules, rules.start(0)).values()].filter((position) => !rules.outcome(position));
    const rows: BenchRow[] = [];
    const all = [];
    for (let marks = 0; marks <= 8; marks++) {
      const lines = positions.filter((p) => p.board.filter((cell) => cell !== 0).length === marks).map(rules.format);
      const { row, answers } = await solveSet(pool(), 'tictactoe', `${marks} marks`, lines);
      log(`${row.set}: ${row.positions} positions, ${row.nodes} nodes`);
      rows.push(row);
      all.push(...answers);
    }
    rows.push(benchRow('all', all));
    return rows.map(tableRow);
  },
};
