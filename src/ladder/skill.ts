// The ladder's rating of each entry, updated after every game: Weng-Lin's Bayesian skill rating (openskill's
// Plackett-Luce model, the family of TrueSkill that Kaggle's and CodinGame's leaderboards use), a skill μ with its
// uncertainty σ, shown as μ ± 2σ. A new entry starts at μ 25, σ 25/3. An entry is one version of a bot, whose code
// never changes: its skill does not drift between games, so no dynamics factor (τ 0) widens σ again.

import { predictDraw, rate, rating } from 'openskill';

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

export const NEW_SKILL: Skill = rating();

/** Both seats' skills after a game (`winner` null: a draw). */
export function rated(seats: readonly [Skill, Skill], winner: 0 | 1 | null): [Skill, Skill] {
  const rank = winner === null ? [1, 1] : winner === 0 ? [1, 2] : [2, 1];
  const [[first], [second]] = rate([[seats[0]], [seats[1]]], { rank, tau: 0 });
  return [
    { mu: first.mu, sigma: first.sigma },
    { mu: second.mu, sigma: second.sigma },
  ];
}

/** How even a game between the two would be (its chance of a draw under the model): the matchmaker's closeness. */
export function closeness(a: Skill, b: Skill): number {
  return predictDraw([[a], [b]]);
}
