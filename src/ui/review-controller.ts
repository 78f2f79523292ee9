// A finished game's review on its page (runtime/review.ts does the work): started from the end banner, its
// progress while the positions are solved, then the evaluation graph and each side's count of best moves,
// inaccuracies, mistakes and blunders; the move list shows each move's mark. A review belongs to the moves it was
// made of: once the game changes it is no longer shown. A Lit reactive controller, as AnalysisController is.

import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Job } from '../runtime/pool';
import { classifyMoves, type MoveClass, reviewGame } from '../runtime/review';
import type { GameSession } from './game-session';
import { searchPool } from './pool';
import './eval-chart';

interface Review {
  /** The moves reviewed (the game's, comma-separated). */
  readonly moves: string;
  readonly values?: (number | null)[];
  readonly classes?: (MoveClass | null)[];
  readonly done: number;
  readonly total: number;
  readonly job?: Job<(number | null)[]>;
}

export class ReviewController<P, M> implements ReactiveController {
  private review?: Review;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly session: GameSession<P, M>,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** The review of the game as it is now, if there is one. */
  get current(): Review | undefined {
    return this.review && this.review.moves === this.session.moves.join(',') ? this.review : undefined;
  }

  /** Each move's class, when the review of these moves is done. */
  get classes(): readonly (MoveClass | null)[] | undefined {
    return this.current?.classes;
  }

  /** Solves every position of the game (each within a budget) and marks each move by what it gave away. */
  start(): void {
    this.cancel();
    const session = this.session;
    const positions = [...session.positions];
    const movers = positions.slice(0, -1).map((position) => session.game.rules.seatToMove(position));
    const moves = session.moves.join(',');
    const job = reviewGame(searchPool(), session.game, positions, (done) => {
      if (this.review?.job === job) this.set({ ...this.review, done });
    });
    this.set({ moves, done: 0, total: positions.length, job });
    job.promise.then(
      (values) => {
        if (this.review?.job === job) this.set({ moves, values, classes: classifyMoves(values, movers), done: positions.length, total: positions.length });
      },
      () => {
        if (this.review?.job === job) this.set(undefined);
      },
    );
  }

  cancel(): void {
    this.review?.job?.cancel();
    if (this.review?.job) this.set(undefined);
  }

  view(seatNames: readonly [string, string]): TemplateResult | '' {
    const review = this.current;
    if (!review) return '';
    if (!review.values || !review.classes) {
      return html`<div class="controls" aria-label="Review">
        <progress max=${review.total} .value=${review.done} aria-label="Positions reviewed"></progress>
        <span role="status">Reviewing: ${review.done} of ${review.total} positions solved</span>
        <button @click=${() => this.cancel()}>Cancel</button>
      </div>`;
    }
    const { rules } = this.session.game;
    const classes = review.classes;
    const count = (seat: 0 | 1, kind: MoveClass) => classes.filter((c, k) => c === kind && rules.seatToMove(this.session.positions[k]) === seat).length;
    const unknown = classes.filter((c) => c === null).length;
    return html`<section aria-label="Review">
      <eval-chart .values=${review.values} .seatNames=${seatNames} .current=${this.session.cursor}
        unit=${this.session.game.solver?.values?.unit ?? 'value'} .bound=${this.session.game.solver?.values?.bound}></eval-chart>
      <table aria-label="Moves by what they gave away">
        <thead><tr><th></th><th>best</th><th>inaccuracies ?!</th><th>mistakes ?</th><th>blunders ??</th></tr></thead>
        <tbody>${([0, 1] as const).map(
          (seat) =>
            html`<tr><th scope="row">${seatNames[seat]}</th>${(['best', 'inaccuracy', 'mistake', 'blunder'] as const).map((kind) => html`<td>${count(seat, kind)}</td>`)}</tr>`,
        )}</tbody>
      </table>
      <p class="hint">A move is best when it keeps the value of perfect play; an inaccuracy gives some away (the result stays), a
        mistake turns a win into a draw or a draw into a loss, a blunder a win into a loss.${
          unknown ? ` ${unknown} move${unknown === 1 ? '' : 's'} not settled: the solver did not settle the position in its time.` : ''
        }</p>
    </section>`;
  }

  private set(review: Review | undefined): void {
    this.review = review;
    this.host.requestUpdate();
  }
}
