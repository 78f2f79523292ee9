// A ladder entry's figures as the pages write them.

import type { LadderVersion } from '../../ladder/store';

const fixed = (value: number) => value.toFixed(0);

/** The whole-history Elo with its 95% interval, or '-' before the first fit. */
export const ratingText = (version: LadderVersion) =>
  version.rating ? `${fixed(version.rating.elo)} (${fixed(version.rating.lo)}..${fixed(version.rating.hi)})` : '-';

/** The skill as μ ± 2σ. */
export const skillText = (version: LadderVersion) => `${version.skill.mu.toFixed(1)} ± ${(2 * version.skill.sigma).toFixed(1)}`;
