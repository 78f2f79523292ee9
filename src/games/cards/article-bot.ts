// The article's AI (docs/rules/red-ten.md): its hand evaluation getScoreOfOne with its quirks kept, and its
// weights as parameters, under a correct negamax with alpha-beta (the article's own recursion does not
// negate; the value found here is what its minimax meant). Like the article, it looks at both hands, and its
// `depth` counts the plies below its own move: at the default 5 it sees its move and five more.

import { GREY, RED, RED_TEN } from './cards';
import { movesOf, type Combo, type Move } from './combos';

export interface ArticleWeights {
  readonly redTen: number;
  readonly pair: number;
  readonly straight: number;
  readonly bomb: number;
  readonly doubleJoker: number;
  readonly doubleRedTen: number;
}

export const ARTICLE_WEIGHTS: ArticleWeights = { redTen: 16, pair: 2, straight: 1, bomb: 16, doubleJoker: 100, doubleRedTen: 150 };
export const ARTICLE_DEPTH = 5;
const WIN = 5000;

/**
 * getScoreOfOne: the sum of the rank indices (3 = 0 … 2 = 12, a joker 13) minus the square of the hand size,
 * +redTen per red ten, +doubleRedTen at the second red ten, +doubleJoker at the second joker, and the bonuses
 * of the scan over the sorted hand, read as the article's code does them: a counter of equal neighbours and
 * one of consecutive ranks, each scored when its group ends, so one short (two equal cards: nothing, three:
 * `pair`, four: `bomb * 3`; a straight's bonus needs four consecutive ranks and gives `straight * 3`), and the
 * group still open at the end of the hand is never scored.
 */
export function articleScore(counts: readonly number[], weights: ArticleWeights): number {
  // Cards by rank index: 3-9, tens (black and red), J Q K A 2, then the jokers as 13.
  const byRank = Array<number>(14).fill(0);
  for (let cls = 0; cls <= 12; cls++) byRank[cls] += counts[cls];
  byRank[7] += counts[RED_TEN];
  byRank[13] = counts[GREY] + counts[RED];
  let size = 0;
  let score = 0;
  for (let rank = 0; rank < 14; rank++) {
    size += byRank[rank];
    score += rank * byRank[rank];
  }
  score -= size * size;
  score += weights.redTen * counts[RED_TEN];
  if (counts[RED_TEN] === 2) score += weights.doubleRedTen;
  if (byRank[13] === 2) score += weights.doubleJoker;
  let equal = 0;
  let consecutive = 0;
  let previous = -1;
  for (let rank = 0; rank < 14; rank++) {
    for (let k = 0; k < byRank[rank]; k++) {
      if (previous === rank) {
        equal++;
        continue;
      }
      if (previous >= 0) {
        if (equal === 2) score += weights.pair;
        else if (equal >= 3) score += weights.bomb * equal;
        equal = 0;
        if (rank === previous + 1) consecutive++;
        else {
          if (consecutive >= 3) score += weights.straight * consecutive;
          consecutive = 0;
        }
      }
      previous = rank;
    }
  }
  return score;
}

/** getScoreOfCards: my score minus the other's (the "fewer than 5 cards" bonus cancels, as in the article). */
function evaluate(mine: readonly number[], other: readonly number[], weights: ArticleWeights): number {
  return articleScore(mine, weights) - articleScore(other, weights);
}

function takeAway(counts: readonly number[], combo: Combo): number[] {
  const left = counts.slice();
  for (const cls of combo.classes) left[cls]--;
  return left;
}

const cardTotal = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);

/** The article's search for the bot to move, as negamax: its move, the value, and the nodes visited. */
export function articleMove(
  mine: readonly number[],
  other: readonly number[],
  last: Combo | null,
  depth: number,
  weights: ArticleWeights,
): { move: Move; value: number; nodes: number } {
  let nodes = 0;
  // The value for the player to move holding `me`; `level` is the article's depth counter (0 below the root).
  const negamax = (me: readonly number[], them: readonly number[], toBeat: Combo | null, level: number, alpha: number, beta: number): number => {
    nodes++;
    if (cardTotal(them) === 0) return -(WIN - level);
    if (level === depth) return evaluate(me, them, weights);
    let best = -Infinity;
    for (const move of movesOf(me, toBeat)) {
      const value = move === 'pass' ? -negamax(them, me, null, level + 1, -beta, -alpha) : -negamax(them, takeAway(me, move), move, level + 1, -beta, -alpha);
      if (value > best) best = value;
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
    return best;
  };
  let bestMove: Move | undefined;
  let bestValue = -Infinity;
  for (const move of movesOf(mine, last)) {
    // The article's think(): the first move whose reply is worst for the other; a move that ends the game wins.
    const value =
      move === 'pass' ? -negamax(other, mine, null, 0, -Infinity, -bestValue) : -negamax(other, takeAway(mine, move), move, 0, -Infinity, -bestValue);
    if (value > bestValue) {
      bestValue = value;
      bestMove = move;
    }
  }
  if (!bestMove) throw new Error('the game is over');
  return { move: bestMove, value: bestValue, nodes };
}
