// Two runs side by side (#/lab?compare=<id>,<id>): one line per bot (a tournament's, by its Elo), per grid
// point (a sweep's, by its score) or per match, with each run's figures and what changed from the first to
// the second; two versions of a bot against the same opponents read at a glance.

import { html } from 'lit';
import type { MatchReport } from '../../arena/match';
import type { SweepReport, TournamentReport } from '../../arena/report';

type Report = TournamentReport | SweepReport | MatchReport;

/** A line's figures in one run: the headline number (Elo, or a score), its interval, and the rest as text. */
interface Figures {
  readonly value: number;
  readonly lo: number | null;
  readonly hi: number | null;
  readonly text: string;
}

/** What each line of a report says, by the bot, point or pairing it is about. */
function lines(report: Report): Map<string, Figures> {
  const figures = new Map<string, Figures>();
  if ('pentanomial' in report) {
    const [wins, draws, losses] = report.wdl;
    figures.set(`${report.bots[0]} vs ${report.bots[1]}`, {
      value: report.elo,
      lo: report.elo_lo,
      hi: report.elo_hi,
      text: `${report.result}, LLR ${report.llr.toFixed(2)}, ${report.games} games, W/D/L ${wins}/${draws}/${losses}`,
    });
  } else if ('points' in report) {
    for (const point of report.points) {
      const games = point.wins + point.draws + point.losses;
      figures.set(point.bot, {
        value: games ? (point.wins + point.draws / 2) / games : 0,
        lo: point.score_lo,
        hi: point.score_hi,
        text: `${games} games, W/D/L ${point.wins}/${point.draws}/${point.losses}`,
      });
    }
  } else {
    const totals = new Map(report.totals.map((total) => [total.bot, total]));
    for (const rating of report.ratings) {
      const total = totals.get(rating.bot);
      figures.set(rating.bot, {
        value: rating.rating,
        lo: rating.lo,
        hi: rating.hi,
        text: total ? `${total.games} games, W/D/L ${total.wins}/${total.draws}/${total.losses}` : '',
      });
    }
  }
  return figures;
}

/** What the headline number of a report's lines is. */
function unit(report: Report): string {
  return 'points' in report ? 'score' : 'Elo';
}

export function compareView(first: { readonly id: string; readonly report: Report }, second: { readonly id: string; readonly report: Report }) {
  const [a, b] = [lines(first.report), lines(second.report)];
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  const sameUnit = unit(first.report) === unit(second.report);
  const digits = unit(first.report) === 'score' ? 3 : 0;
  const cell = (figures: Figures | undefined, digitsHere: number) =>
    figures
      ? html`<td>${figures.value.toFixed(digitsHere)}${figures.lo === null || figures.hi === null ? '' : ` (${figures.lo.toFixed(digitsHere)}..${figures.hi.toFixed(digitsHere)})`}</td><td>${figures.text}</td>`
      : html`<td>—</td><td>not in this run</td>`;
  return html`<section class="panel" aria-label="Comparison">
    <h2>${first.id} and ${second.id}</h2>
    <table aria-label="The two runs">
      <thead><tr><th>bot</th><th>${unit(first.report)} in the first</th><th>games</th><th>${unit(second.report)} in the second</th><th>games</th><th>change</th></tr></thead>
      <tbody>${keys.map((key) => {
        const [x, y] = [a.get(key), b.get(key)];
        const change = x && y && sameUnit ? y.value - x.value : undefined;
        return html`<tr><td>${key}</td>${cell(x, digits)}${cell(y, unit(second.report) === 'score' ? 3 : 0)}
          <td>${change === undefined ? '' : `${change > 0 ? '+' : ''}${change.toFixed(digits)}`}</td></tr>`;
      })}</tbody>
    </table>
    <p class="hint">Elo figures are each run's own (a tournament's ratings are relative to its field, 1500 its mean): compare the same field's runs.</p>
  </section>`;
}
