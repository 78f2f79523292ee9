import { describe, expect, it } from 'vitest';
import { reachablePositions } from '../../src/contracts/enumerate';
import { EMPTY, legalMoves, marksWithLine, newGame, O, parse, play, rules, winsAt, X } from '../../src/games/tictactoe/rules';

const reachable = reachablePositions(rules, newGame());

describe('tic-tac-toe rules', () => {
  it('reaches 5,478 positions from the empty board, 4,520 of them with the game still on', () => {
    expect(reachable.size).toBe(5478);
    expect([...reachable.values()].filter((p) => !rules.outcome(p)).length).toBe(4520);
  });

  it("the article's last-move check equals a check of all 8 lines after every move of every reachable position", () => {
    let moves = 0;
    for (const position of reachable.values()) {
      for (const cell of legalMoves(position)) {
        const board = position.board.slice();
        board[cell] = position.board.filter((m) => m !== EMPTY).length % 2 === 0 ? X : O;
        expect(winsAt(board, cell), `${rules.format(position)} + ${cell}`).toBe(marksWithLine(board).has(board[cell]));
        moves++;
      }
    }
    expect(moves).toBe(16167); // the edges of the game graph: every (reachable position, legal move) pair
  });

  it('formats and parses every reachable position back to itself', () => {
    for (const [text, position] of reachable) {
      expect(rules.format(position)).toBe(text);
      expect(parse(text)).toEqual(position);
    }
  });

  it('has no legal move once a line is made or the board is full, and every empty cell otherwise', () => {
    expect(legalMoves(parse('XXXOO....'))).toEqual([]);
    expect(legalMoves(parse('XOXXOOOXX'))).toEqual([]);
    expect(legalMoves(parse('X...O....'))).toEqual([1, 2, 3, 5, 6, 7, 8]);
  });

  it('refuses illegal moves with a reason', () => {
    const position = parse('X...O....');
    expect(() => play(position, 0)).toThrow('cell 0 is taken');
    expect(() => play(position, 9)).toThrow('cell 9 does not exist');
    expect(() => play(parse('XXXOO....'), 5)).toThrow('the game is over');
  });

  it.each([
    ['X', 'a position is 9 characters'],
    ['XO.X.O.X.O', 'a position is 9 characters'],
    ['XO.x.....', "character 4 is 'x'"],
    ['XO.. ....', "character 5 is ' '"],
    ['XX.......', '2 X and 0 O'],
    ['O........', '0 X and 1 O'],
    ['XXXOOO...', 'both X and O have three in a row'],
    ['XXXOOOX..', 'both X and O have three in a row'],
    ['XXXOO.O..', 'O moved after X had already won'],
    ['OOOXX.XX.', 'X moved after O had already won'],
  ])('refuses %s: %s', (line, message) => {
    expect(() => parse(line)).toThrow(message);
  });

  it('accepts a row and a column completed by the same move', () => {
    expect(parse('XXXXOOXOO').winner).toBe(X);
    expect(reachable.has('XXXXOOXOO')).toBe(true);
  });
});
