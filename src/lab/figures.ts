// A lab run's figures as one line of text, for the CLI's `lab list` and the lab page's list: a match's verdict,
// LLR between its bounds and Elo; a tournament's leader, its Elo and W/D/L; a sweep's best point, its score and W/D/L.

import type { RunSummary } from './runs';
import { intervalText } from '../arena/interval';

export function runFigures({ match, leader, best }: RunSummary): string {
  if (match)
    return `${match.result}, LLR ${match.llr.toFixed(2)} (${match.lower.toFixed(2)}..${match.upper.toFixed(2)}), Elo ${match.elo.toFixed(1)} (${intervalText(match.elo_lo, match.elo_hi, 1)})`;
  if (leader) return `${leader.bot} leads: Elo ${leader.rating.toFixed(0)} (${intervalText(leader.lo, leader.hi)}), W/D/L ${leader.wdl.join('/')}`;
  if (best) return `best ${best.bot}: score ${best.score.toFixed(3)} (${best.lo.toFixed(3)}..${best.hi.toFixed(3)}), W/D/L ${best.wdl.join('/')}`;
  return '';
}
