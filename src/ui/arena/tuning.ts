// The arena's tuning (SPSA, runtime/tune.ts) as the page shows it: each parameter's value over the steps as it
// tunes, then the tuned values and the verification match with the match's own results and charts; a tuning
// that ended (or was reopened from the saved runs) exports to the JSON file `tune --out` writes.

import { html } from 'lit';
import type { SavedTune, TuneIdentity } from '../../arena/saved-tune';
import type { BotInfo } from '../../contracts/game';
import { replayedTune, type TuneReport } from '../../runtime/tune';
import { downloadText } from '../download';
import '../tune-chart';
import { resultsView, type ResultsView } from './results';

/** A tuning under way (its trajectory so far) or done (its report); `stop` is asked before each step. */
export interface Tuning {
  readonly step: number;
  readonly steps: number;
  readonly trajectory: Readonly<Record<string, readonly number[]>>;
  readonly report?: TuneReport;
  readonly stop: boolean;
  /** The tuning as it is kept (saved-tune.ts), once it ended: exported as it is. */
  readonly document?: TuneReport & TuneIdentity;
}

/** A kept tuning as it ended, its values and trajectory replayed from its steps' results (no game is played). */
export function keptTuning(kept: SavedTune, bots: readonly BotInfo[]): Tuning {
  const report = replayedTune(bots, { ...kept.settings, results: kept.results }, kept.verification);
  return { step: report.steps, steps: report.steps, trajectory: report.trajectory, report, stop: false, document: { ...kept, ...report } };
}

export function tuningView({ step, steps, trajectory, report, document }: Tuning, view: ResultsView) {
  const verification = report?.verification;
  return html`<section class="panel" aria-label="Tuning">
      <h2>Tuning (SPSA)</h2>
      <p role="status" aria-label="Tuning progress">${report ? `Done: ${report.steps} steps, ${report.games} games. Tuned: ${report.tuned}` : `Step ${step} of ${steps}…`}</p>
      <tune-chart .trajectory=${trajectory}></tune-chart>
      ${
        report
          ? html`<table aria-label="Tuned values">
              <thead><tr><th>parameter</th><th>start</th><th>tuned</th><th>a</th><th>c</th><th>A</th><th>α</th><th>γ</th><th>r_end</th><th>c_end</th></tr></thead>
              <tbody>${Object.keys(report.final).map((name) => {
                const k = report.spsa[name];
                return html`<tr><td>${name}</td><td>${report.start[name]}</td><td>${report.final[name]}</td><td>${k.a.toFixed(3)}</td><td>${k.c.toFixed(3)}</td>
                  <td>${k.A}</td><td>${k.alpha}</td><td>${k.gamma}</td><td>${k.r_end}</td><td>${k.c_end}</td></tr>`;
              })}</tbody>
            </table>
            <p class="hint">SPSA's constants, as fishtest lists them: step k perturbs each parameter by c/(k+1)^γ and moves it by a/(A+k+1)^α
              times the result over that perturbation; c_end is the last step's perturbation, r_end its gain over c_end².</p>
            ${verification && 'skipped' in verification ? html`<p class="hint">${verification.skipped}.</p>` : ''}
            ${
              document
                ? html`<div class="controls"><button @click=${() => downloadText(`${document.game}-tuning-${document.id}.json`, JSON.stringify(document), 'application/json')}>Export JSON</button></div>`
                : ''
            }`
          : ''
      }
    </section>
    ${verification && !('skipped' in verification) ? resultsView(verification, { ...view, current: undefined, shown: undefined }) : ''}`;
}
