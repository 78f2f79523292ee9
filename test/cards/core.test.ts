// The Red Ten core against the rules: the same legal moves in the same order over thousands of random
// positions, and the same winner as a plain search over the rules on small hands.

import { describe, expect, it } from 'vitest';
import { instantiateCore } from '../../src/contracts/core';
import { readCoreModule } from '../../workers/node-cores';
import { Rng } from '../../src/contracts/rng';
import { ARTICLE_WEIGHTS, articleMove } from '../../src/games/cards/article-bot';
import { CLASSES, classCounts, DECK_SIZE, parseCards } from '../../src/games/cards/cards';
import { combinations, type Combo } from '../../src/games/cards/combos';
import { playCode, setPosition, solveTableLog2, type CardsCore } from '../../src/games/cards/core';
import { deal, format, legalMoves, outcome, play, type Position } from '../../src/games/cards/rules';
import { solve } from '../../src/games/cards/solve';
import { moverWins } from './oracle';

const core = await instantiateCore<CardsCore>(await readCoreModule('build', 'cards'));

/** Two random hands of the given sizes, a random mover, and a last play drawn from what a deck could hold. */
function randomPosition(rng: Rng, sizes: [number, number]): Position {
  const deck = Array.from({ length: DECK_SIZE }, (_, card) => card);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const hands: [number[], number[]] = [deck.slice(0, sizes[0]).sort((a, b) => a - b), deck.slice(sizes[0], sizes[0] + sizes[1]).sort((a, b) => a - b)];
  const rest = deck.slice(sizes[0] + sizes[1], sizes[0] + sizes[1] + 12);
  const lasts = combinations(classCounts(rest));
  const last: Combo | null = rng.below(3) === 0 || lasts.length === 0 ? null : rng.pick(lasts);
  return { hands, out: [], toMove: rng.below(2) as 0 | 1, last, history: [] };
}

describe('red ten core', () => {
  it("generates the rules' legal moves in their order over 3,000 random positions", () => {
    const rng = new Rng(5);
    for (let i = 0; i < 3000; i++) {
      const position = randomPosition(rng, [1 + rng.below(27), 1 + rng.below(27)]);
      const moves = legalMoves(position);
      const count = setPosition(core, position.hands, position.toMove, position.last);
      expect(count).toBe(moves.length);
      moves.forEach((move, k) => {
        expect(core.rootMoveCode(k)).toBe(move === 'pass' ? -1 : playCode(move));
        const takes = Array.from({ length: CLASSES }, (_, cls) => core.rootMoveTakes(k, cls));
        expect(takes).toEqual(move === 'pass' ? Array(CLASSES).fill(0) : classCounts([]).map((_, cls) => move.classes.filter((c) => c === cls).length));
      });
    }
  });

  it('finds the same winner as a plain search over the rules on 40 deals of 6 to 8 cards each', () => {
    const rng = new Rng(19);
    for (let i = 0; i < 40; i++) {
      const position = randomPosition(rng, [6 + rng.below(3), 6 + rng.below(3)]);
      setPosition(core, position.hands, position.toMove, position.last, solveTableLog2(position.hands[0].length + position.hands[1].length));
      core.clearTable();
      expect(core.solve(0, 0), format(position)).toBe(moverWins(position) ? 1 : 0);
    }
  });

  it('finds the same winner as a plain search over the rules, and a winning move that wins, on 400 small positions', () => {
    const rng = new Rng(9);
    for (let i = 0; i < 400; i++) {
      const position = randomPosition(rng, [1 + rng.below(5), 1 + rng.below(5)]);
      setPosition(core, position.hands, position.toMove, position.last);
      core.clearTable();
      const result = core.solve(0, 0);
      const wins = moverWins(position);
      expect(result).toBe(wins ? 1 : 0);
      if (wins) {
        const next = play(position, legalMoves(position)[core.bestMove()]);
        expect(outcome(next)?.winner === position.toMove || !moverWins(next)).toBe(true);
      }
      expect(core.solveMoves(0, 0)).toBe(1);
      legalMoves(position).forEach((move, k) => {
        const next = play(position, move);
        const moveWins = outcome(next) ? outcome(next)!.winner === position.toMove : !moverWins(next);
        expect(core.rootValue(k)).toBe(moveWins ? 1 : 0);
      });
    }
  });

  it('solves a deal alike after solves of other sizes (the table resized to the cards) as on a fresh core', async () => {
    const deals = [deal(1, 12), deal(2, 6), deal(3, 10), deal(4, 12), deal(5, 3)];
    const answers = deals.map((position) => solve(position, core, {}, () => {}));
    for (const [i, position] of deals.entries()) {
      const fresh = await instantiateCore<CardsCore>(await readCoreModule('build', 'cards'));
      expect(solve(position, fresh, {}, () => {})).toMatchObject({ winner: answers[i].winner, move: answers[i].move, nodes: answers[i].nodes });
    }
    expect(answers[0].nodes).toBeGreaterThan(10_000);
  });
});

describe('the article bot in the core', () => {
  it("scores hands as docs/rules/red-ten.md reads the article's getScoreOfOne", () => {
    core.setArticleWeights(
      ARTICLE_WEIGHTS.redTen,
      ARTICLE_WEIGHTS.pair,
      ARTICLE_WEIGHTS.straight,
      ARTICLE_WEIGHTS.bomb,
      ARTICLE_WEIGHTS.doubleJoker,
      ARTICLE_WEIGHTS.doubleRedTen,
    );
    const score = (cards: string) => {
      setPosition(core, [parseCards(cards), []], 0, null);
      return core.articleHandScore(0);
    };
    // Ranks 0+1+2 minus 3 squared; no group is closed before the end of the hand.
    expect(score('3h 4h 5h')).toBe(3 - 9);
    // A real pair scores nothing, three equal cards close as the "pair" +2, four as 16 * 3.
    expect(score('3h 3d 4h')).toBe(0 + 0 + 1 - 9);
    expect(score('3h 3d 3s 4h')).toBe(1 - 16 + 2);
    expect(score('3h 3d 3s 3c 4h')).toBe(1 - 25 + 48);
    // Four consecutive ranks close as a straight of counter 3 when a gap follows.
    expect(score('3h 4h 5h 6h 8h')).toBe(0 + 1 + 2 + 3 + 5 - 25 + 3);
    // A red ten +16, the second +16 +150; the jokers, rank 13 each, +100 together.
    expect(score('10h 10d')).toBe(14 - 4 + 32 + 150);
    expect(score('BJ RJ')).toBe(26 - 4 + 100);
  });

  it('finds the same move, value and node count as the TypeScript article bot on 300 random positions', () => {
    const rng = new Rng(13);
    for (let i = 0; i < 300; i++) {
      const position = randomPosition(rng, [1 + rng.below(14), 1 + rng.below(14)]);
      const depth = 1 + rng.below(4);
      const weights =
        i % 3 === 0
          ? ARTICLE_WEIGHTS
          : {
              redTen: rng.below(40),
              pair: rng.below(20),
              straight: rng.below(10),
              bomb: rng.below(40),
              doubleJoker: rng.below(300),
              doubleRedTen: rng.below(300),
            };
      const mover = position.toMove;
      const expected = articleMove(classCounts(position.hands[mover]), classCounts(position.hands[1 - mover]), position.last, depth, weights);
      setPosition(core, position.hands, mover, position.last);
      core.setArticleWeights(weights.redTen, weights.pair, weights.straight, weights.bomb, weights.doubleJoker, weights.doubleRedTen);
      expect(core.articleValue(depth, 0)).toBe(expected.value + 0); // -0 in TypeScript is 0 in the core
      expect(legalMoves(position)[core.articleBest()]).toEqual(expected.move);
      expect(core.articleNodes()).toBe(expected.nodes);
    }
  });
});
