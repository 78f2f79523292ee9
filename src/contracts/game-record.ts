// A game as text, to save and to load back: the settings a game page keeps in its link (the game, the mode, the
// seed, the start, the person's seat, the bots), then its moves, one a line, numbered:
//
//   # AI Playground game record
//   Game: tictactoe
//   Mode: vs-bot
//   Seed: 7
//   Start: .........
//   Seat: 0
//   Bot 1: perfect
//   Result: O won on move 4
//   Notation: board
//   Moves:
//   1. 5
//   2. 1
//
// The moves are written as the page shows them (Notation: board, the numbers of the board and its keys: cell 5 is
// the centre); a record without that line has them in the game's notation, as a link has (docs/cli.md). Lines
// starting with # are comments; Result is for people (a record is read by playing its moves). Read back, a record
// gives the link's parameters (and `notation`), which the page checks as it checks a link.

/** The most characters of a record read. */
export const MAX_RECORD_CHARS = 1 << 20;

const FIELDS: readonly (readonly [label: string, param: string])[] = [
  ['Mode', 'mode'],
  ['Seed', 'seed'],
  ['Start', 'start'],
  ['Size', 'size'],
  ['Seat', 'seat'],
  ['Bot 0', 'bot0'],
  ['Bot 1', 'bot1'],
  ['Notation', 'notation'],
];

/** The notation a record's moves are in when it says `Notation: board`: as the page shows them. */
export const BOARD_NOTATION = 'board';

/**
 * The record of a game given by its link's parameters and its moves as the page shows them (`Notation: board`),
 * with a line for people saying how it ended.
 */
export function formatGameRecord(game: string, params: Readonly<Record<string, string>>, moves: readonly string[], result?: string): string {
  const lines = ['# AI Playground game record', `Game: ${game}`];
  for (const [label, param] of FIELDS) if (param !== 'notation' && params[param] !== undefined) lines.push(`${label}: ${params[param]}`);
  if (result) lines.push(`Result: ${result}`);
  lines.push(`Notation: ${BOARD_NOTATION}`, 'Moves:');
  for (const [i, move] of moves.entries()) lines.push(`${i + 1}. ${move}`);
  return `${lines.join('\n')}\n`;
}

/** Reads a record: its game and its link's parameters; throws naming the line that is wrong. */
export function parseGameRecord(text: string): { game: string; params: URLSearchParams } {
  if (text.length > MAX_RECORD_CHARS) throw new Error(`a game record is at most ${MAX_RECORD_CHARS >> 10} KB`);
  const params = new URLSearchParams();
  let game: string | undefined;
  const moves: string[] = [];
  let inMoves = false;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (inMoves) {
      const move = /^(\d+)\.\s*(.+)$/.exec(line);
      if (!move) throw new Error(`line ${i + 1}: a move is "N. move", got "${line.slice(0, 60)}"`);
      if (Number(move[1]) !== moves.length + 1) throw new Error(`line ${i + 1}: move ${move[1]} where move ${moves.length + 1} was expected`);
      if (move[2].includes(',')) throw new Error(`line ${i + 1}: a move has no comma`);
      moves.push(move[2].trim());
      continue;
    }
    const field = /^([A-Za-z][A-Za-z0-9 ]*):\s?(.*)$/.exec(raw.trimEnd());
    if (!field) throw new Error(`line ${i + 1}: "${line.slice(0, 60)}" is not "Name: value"`);
    const [, label, value] = field;
    if (label === 'Game') game = value.trim();
    else if (label === 'Moves') inMoves = true;
    else if (label === 'Result') continue;
    else {
      const param = FIELDS.find(([name]) => name === label)?.[1];
      if (!param) throw new Error(`line ${i + 1}: unknown field "${label}": ${['Game', ...FIELDS.map(([name]) => name), 'Result', 'Moves'].join(', ')}`);
      params.set(param, param === 'start' ? value : value.trim());
    }
  }
  const notation = params.get('notation');
  if (notation !== null && notation !== BOARD_NOTATION) throw new Error(`the notation "${notation}" is not one a record has: ${BOARD_NOTATION}, or none`);
  if (!game) throw new Error('the record does not say its game (a line "Game: connect4")');
  if (moves.length > 0) params.set('moves', moves.join(','));
  return { game, params };
}
