// A saved run as CSV: one line per game played. A text cell that a spreadsheet would read as a formula (one
// that starts with = + - @, a tab or a carriage return) is written with a leading apostrophe.

import type { SavedRun } from './saved-run';

function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line per game played: its index, pairing, seats, start, winner, margin and the moves' search totals. */
export function runCsv(run: SavedRun): string {
  const header = ['game', 'pair', 'first', 'second', 'start', 'winner', 'margin', 'moves', 'first_nodes', 'second_nodes', 'first_ms', 'second_ms', 'forfeit'];
  const lines = run.records.flatMap((record, i) => {
    if (!record) return [];
    const scheduled = run.schedule.games[i];
    const sum = (seat: 0 | 1, key: 'nodes' | 'ms') => record.moves.reduce((total, move, ply) => total + (ply % 2 === seat ? move[key] : 0), 0);
    const winner = record.winner === null ? 'draw' : record.seats[record.winner];
    const cells: (string | number)[] = [
      i,
      scheduled.pair,
      record.seats[0],
      record.seats[1],
      record.start,
      winner,
      record.margin,
      record.moves.length,
      sum(0, 'nodes'),
      sum(1, 'nodes'),
      sum(0, 'ms').toFixed(3),
      sum(1, 'ms').toFixed(3),
      record.forfeit ? `${record.seats[record.forfeit.seat]}: ${record.forfeit.reason}` : '',
    ];
    return [cells.map(cell).join(',')];
  });
  return `${[header.join(','), ...lines].join('\n')}\n`;
}
