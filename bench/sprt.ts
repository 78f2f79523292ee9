// The SPRT measured by simulation (sprt-simulation.ts). First its error rates: seeded simulated matches at the
// true Elo elo0 and elo1, for elo1 of 5, 20 and 100 (elo0 0, α = β = 0.05) and draw rates of 0%, 30% and 60%; each
// row gives the share of matches that ended in the wrong verdict (H1 at elo0: the false positives α; H0 at elo1: the
// false negatives β), its Monte Carlo standard error, and the mean pairs to the verdict. Then Red Ten's pairs:
// our bots play seeded 8-card deals both ways round (no clock: fixed draws, so the games are the same every run),
// and matches drawn from those games are simulated with mirrored deals (a pair is a deal and its mirror, as the
// arena plays it) and with unpaired deals (each game a deal of its own), at the same true Elo: the pairs each needs.
// No time column: the figures are exact counts.

import { tournament } from '../src/arena/schedule';
import { gameById } from '../src/games';
import { runSchedule } from '../src/runtime/run-schedule';
import type { BenchContext, BenchSuite, TableRow } from './harness';
import { dealPairs, type DealResult, simulateMatches, simulatePairs } from './sprt-simulation';

const MATCHES = 1000;
/** Red Ten's deals, each played both ways round by each pairing. */
const DEALS = 300;
const DEAL_SIZE = 8;
const PAIRINGS = [
  ['inference', 'honest'],
  ['strong', 'honest'],
] as const;
/** Red Ten's matches test elo0 0 against elo1 10, as the inference bot's match does. */
const DEAL_SPRT = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };

function errorRates(log: (line: string) => void): TableRow[] {
  const rows: TableRow[] = [];
  let seed = 1;
  for (const elo1 of [5, 20, 100]) {
    for (const drawRate of [0, 0.3, 0.6]) {
      const settings = { elo0: 0, elo1, alpha: 0.05, beta: 0.05 };
      for (const [truth, wrong] of [[0, 'h1'] as const, [elo1, 'h0'] as const]) {
        const rate = simulateMatches(settings, truth, drawRate, MATCHES, seed++);
        const share = rate[wrong] / rate.matches;
        rows.push({
          pairs: 'independent games',
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
}

/** Each pairing's games on seeded deals, then matches drawn from them with mirrored and with unpaired deals. */
async function dealRows({ pool, log }: BenchContext): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  let seed = 1000;
  for (const [a, b] of PAIRINGS) {
    const schedule = tournament(gameById('cards'), [a, b], { games: DEALS, seed: 1, size: DEAL_SIZE });
    const records = await runSchedule(pool(), schedule, {}).finished;
    const halves = (index: number, seatOfA: 0 | 1) => {
      const { winner } = records[index]!;
      return winner === null ? 1 : winner === seatOfA ? 2 : 0;
    };
    const deals: DealResult[] = Array.from({ length: DEALS }, (_, deal) => [halves(2 * deal, 0), halves(2 * deal + 1, 1)]);
    const score = deals.reduce((sum, [first, second]) => sum + first + second, 0) / (4 * DEALS);
    const elo = -400 * Math.log10(1 / score - 1);
    const splits = deals.filter(([first, second]) => first + second === 2).length;
    log(`${a} vs ${b}: ${DEALS} deals, score ${(score * 100).toFixed(1)}% (${elo.toFixed(1)} Elo), ${splits} deals split`);
    for (const mirrored of [true, false]) {
      const rate = simulatePairs(DEAL_SPRT, dealPairs(deals, mirrored), MATCHES, seed++);
      const wrong = elo >= DEAL_SPRT.elo1 ? 'h0' : elo <= DEAL_SPRT.elo0 ? 'h1' : undefined;
      const share = wrong ? rate[wrong] / rate.matches : undefined;
      rows.push({
        pairs: `Red Ten ${a} vs ${b}: ${mirrored ? 'mirrored' : 'unpaired'} deals`,
        elo1: DEAL_SPRT.elo1,
        draws: '0%',
        'true Elo': Number(elo.toFixed(1)),
        matches: rate.matches,
        'wrong verdict': wrong === 'h0' ? 'H0 (β)' : wrong === 'h1' ? 'H1 (α)' : '-',
        rate: share === undefined ? '-' : share.toFixed(4),
        '± s.e.': share === undefined ? '-' : Math.sqrt((share * (1 - share)) / rate.matches).toFixed(4),
        undecided: rate.open,
        'mean pairs': rate.meanPairs.toFixed(1),
      });
      log(`  ${mirrored ? 'mirrored' : 'unpaired'}: H1 ${rate.h1}, H0 ${rate.h0} of ${rate.matches}, ${rate.meanPairs.toFixed(0)} pairs on average`);
    }
  }
  return rows;
}

export const sprtSuite: BenchSuite = {
  name: 'sprt',
  description: `the SPRT's error rates in ${MATCHES} simulated matches a row (elo1 5, 20, 100; draws 0, 30, 60%), and Red Ten's pairs needed with mirrored and unpaired deals`,
  async run(context) {
    return [...errorRates(context.log), ...(await dealRows(context))];
  },
};
