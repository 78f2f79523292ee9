// The SPRT's error rates, measured: seeded simulated matches (sprt-simulation.ts) at the true Elo elo0 and elo1,
// for elo1 of 5, 20 and 100 (elo0 0, α = β = 0.05) and draw rates of 0%, 30% and 60%. Each row gives the share of
// matches that ended in the wrong verdict (H1 at elo0: the false positives α; H0 at elo1: the false negatives β),
// its Monte Carlo standard error, and the mean pairs to the verdict. No time column: the figures are exact counts.

import type { BenchSuite, TableRow } from './harness';
import { simulateMatches } from './sprt-simulation';

const MATCHES = 1000;

export const sprtSuite: BenchSuite = {
  name: 'sprt',
  description: `the SPRT's error rates in ${MATCHES} simulated matches a row (elo1 5, 20, 100; draws 0, 30, 60%)`,
  async run({ log }) {
    const rows: TableRow[] = [];
    let seed = 1;
    for (const elo1 of [5, 20, 100]) {
      for (const drawRate of [0, 0.3, 0.6]) {
        const settings = { elo0: 0, elo1, alpha: 0.05, beta: 0.05 };
        for (const [truth, wrong] of [[0, 'h1'] as const, [elo1, 'h0'] as const]) {
          const rate = simulateMatches(settings, truth, drawRate, MATCHES, seed++);
          const share = rate[wrong] / rate.matches;
          rows.push({
            elo1,
            draws: `${drawRate * 100}%`,
            'true Elo': truth,
            matches: rate.matches,
            'wrong verdict': wrong === 'h1' ? 'H1 (α)' : 'H0 (β)',
            rate: share.toFixed(4),
            '± s.e.': Math.sqrt((share * (1 - share)) / rate.matches).toFixed(4),
            undecided: rate.open,
            'mean pairs': rate.meanPairs.toFixed(1),
          });
          log(`elo1 ${elo1}, ${drawRate * 100}% draws, true ${truth}: ${wrong} ${share.toFixed(4)} in ${rate.meanPairs.toFixed(0)} pairs`);
        }
      }
    }
    return rows;
  },
};
