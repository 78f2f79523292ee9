// A ladder entry's figures as the pages write them.

import { shareInterval } from '../../arena/accuracy';
import type { LadderVersion } from '../../ladder/store';

const fixed = (value: number) => value.toFixed(0);

/** The whole-history Elo with its 95% interval, or '-' before the first fit. */
export const ratingText = (version: LadderVersion) =>
  version.rating ? `${fixed(version.rating.elo)} (${fixed(version.rating.lo)}..${fixed(version.rating.hi)})` : '-';

/** The skill as μ ± 2σ. */
export const skillText = (version: LadderVersion) => `${version.skill.mu.toFixed(1)} ± ${(2 * version.skill.sigma).toFixed(1)}`;

/**
 * The share of its judged moves that kept the game's value under perfect play, with its 95% interval and the
 * blunders; '-' where none was judged (a game no solver settles quickly).
 */
export function accuracyText(judged: LadderVersion['judged']): string {
  if (judged.moves === 0) return '-';
  const { lo, hi } = shareInterval(judged.kept, judged.moves);
  const share = (value: number) => `${(100 * value).toFixed(1)}%`;
  return `${share(judged.kept / judged.moves)} (${share(lo)}..${share(hi)}) of ${judged.moves} moves, ${judged.blunders} blunder${judged.blunders === 1 ? '' : 's'}`;
}
