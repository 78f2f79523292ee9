// The arena's tuning (SPSA, runtime/tune.ts) as the page shows it: each parameter's value over the steps as it
// tunes, then the tuned values and the verification match with the match's own results and charts.

import { html } from 'lit';
import type { TuneReport } from '../../runtime/tune';
import '../tune-chart';
import { resultsView, type ResultsView } from './results';

/** A tuning under way (its trajectory so far) or done (its report); `stop` is asked before each step. */
export interface Tuning {
  readonly step: number;
  readonly steps: number;
  readonly trajectory: Readonly<Record<string, readonly number[]>>;
  readonly report?: TuneReport;
  readonly stop: boolean;
}

export function tuningView({ step, steps, trajectory, report }: Tuning, view: ResultsView) {
  const verification = report?.verification;
  return html`<section class="panel" aria-label="Tuning">
      <h2>Tuning (SPSA)</h2>
      <p role="status" aria-label="Tuning progress">${report ? `Done: ${report.steps} steps, ${report.games} games. Tuned: ${report.tuned}` : `Step ${step} of ${steps}…`}</p>
      <tune-chart .trajectory=${trajectory}></tune-chart>
      ${
        report
          ? html`<table aria-label="Tuned values">
              <thead><tr><th>parameter</th><th>start</th><th>tuned</th></tr></thead>
              <tbody>${Object.keys(report.final).map((name) => html`<tr><td>${name}</td><td>${report.start[name]}</td><td>${report.final[name]}</td></tr>`)}</tbody>
            </table>
            ${verification && 'skipped' in verification ? html`<p class="hint">${verification.skipped}.</p>` : ''}`
          : ''
      }
    </section>
    ${verification && !('skipped' in verification) ? resultsView(verification, { ...view, current: undefined, shown: undefined }) : ''}`;
}
