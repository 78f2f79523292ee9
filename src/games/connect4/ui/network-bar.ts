// The learned network's view of the position a Connect 4 page shows, while "Show solution" is on, beside the
// solver's scores: its value (1 a win, 0 a draw, -1 a loss for the side to move) drawn as an evaluation bar in the
// first player's terms, and the column it would play. Asked of the `neural` bot in the page's worker pool: one
// evaluation, milliseconds once the model is loaded, so it shows at once on boards that no solver finishes. A
// button measures the network's speed in this page: the positions a second its search evaluates (SPEED_SIMULATIONS
// simulations of `neural-search` from the position shown, in a worker of the pool).

import { html } from 'lit';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { MoveAnswer } from '../../../../workers/api';
import { CancelledError, type Job } from '../../../runtime/pool';
import { requestMove } from '../../../runtime/requests';
import { searchPool } from '../../../ui/pool';

/** The simulations the speed is measured over: a fraction of a second to a few seconds. */
const SPEED_SIMULATIONS = 400;

interface NetworkView {
  /** The value for the first player (Red): 1 a win, 0 a draw, -1 a loss. */
  readonly firstValue: number;
  /** The column it would play, as the board names it. */
  readonly column: string;
}

export class NetworkBarController implements ReactiveController {
  /** The view of the position shown, when it is known. */
  view?: NetworkView;
  error = '';
  /** The last speed measured: evaluations and their milliseconds; or measuring. */
  speed?: { readonly evaluations: number; readonly ms: number } | 'measuring';
  private job?: Job<MoveAnswer>;
  private position = '';
  private readonly known = new Map<string, NetworkView>();

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** The page shows another position (its notation): evaluate it, unless `wanted` is false or the game is over. */
  show(position: string, wanted: boolean): void {
    this.cancel();
    this.position = position;
    this.view = this.known.get(position);
    this.error = '';
    if (!wanted || this.view) return this.host.requestUpdate();
    const job = requestMove(searchPool(), { game: 'connect4', bot: 'neural', position, seed: 0 });
    this.job = job;
    job.promise.then(
      (answer) => {
        if (this.job !== job) return;
        this.job = undefined;
        const value = answer.report.iterations[0].score;
        // The notation is the columns played: its length says whose turn it is (Red first).
        const view = { firstValue: position.length % 2 === 0 ? value : -value, column: answer.move };
        this.known.set(position, view);
        if (this.position === position) this.view = view;
        this.host.requestUpdate();
      },
      (error: Error) => {
        if (this.job !== job) return;
        this.job = undefined;
        if (!(error instanceof CancelledError)) this.error = `The network could not evaluate the position: ${error.message}`;
        this.host.requestUpdate();
      },
    );
  }

  cancel(): void {
    this.job?.cancel();
    this.job = undefined;
  }

  /** Measures the network's speed in this page, searching from `position`. */
  measure(position: string): void {
    if (this.speed === 'measuring') return;
    this.speed = 'measuring';
    this.host.requestUpdate();
    const bot = `neural-search:simulations=${SPEED_SIMULATIONS}`;
    requestMove(searchPool(), { game: 'connect4', bot, position, seed: 0 }).promise.then(
      ({ report }) => {
        this.speed = { evaluations: report.nodes, ms: report.ms };
        this.host.requestUpdate();
      },
      (error: Error) => {
        this.speed = undefined;
        if (!(error instanceof CancelledError)) this.error = `The network's speed could not be measured: ${error.message}`;
        this.host.requestUpdate();
      },
    );
  }

  /** The bar: Red's share from the left, Yellow's the rest; its label says the value and the network's column. */
  render(seats: readonly [string, string]) {
    if (this.error) return html`<p class="error" role="alert">${this.error}</p>`;
    const view = this.view;
    if (!view) return '';
    const red = Math.round(((view.firstValue + 1) / 2) * 100);
    const leader = view.firstValue > 0.05 ? seats[0] : view.firstValue < -0.05 ? seats[1] : 'neither side';
    const label = `Network: ${view.firstValue >= 0 ? '+' : ''}${view.firstValue.toFixed(2)} for ${seats[0]} (${leader} ahead), its move ${view.column}`;
    return html`<div class="network-bar" role="meter" aria-label="Network evaluation" aria-valuemin="-1" aria-valuemax="1"
        aria-valuenow=${view.firstValue.toFixed(2)} aria-valuetext=${label}>
        <span class="network-bar-red" style="width: ${red}%"></span>
      </div>
      <p class="hint" aria-label="Network's view">${label} <span class="hint">(the learned network alone, no search: 1 a win, 0 a draw, -1 a loss)</span></p>
      <p class="hint">${this.speedView()}</p>`;
  }

  private speedView() {
    const speed = this.speed;
    if (speed === 'measuring') return html`<span role="status">measuring the network's speed…</span>`;
    const button = html`<button @click=${() => this.measure(this.position)}>Network speed</button>`;
    if (!speed) return button;
    if (speed.evaluations === 0)
      return html`${button} <span role="status" aria-label="Network speed">the rules decide this position: no evaluation to time</span>`;
    const perSecond = Math.round((1000 * speed.evaluations) / Math.max(1, speed.ms));
    return html`${button} <span role="status" aria-label="Network speed">${speed.evaluations.toLocaleString('en')} positions evaluated in
      ${Math.round(speed.ms).toLocaleString('en')} ms by its search, one at a time: ${perSecond.toLocaleString('en')} a second in this page's worker</span>`;
  }
}
