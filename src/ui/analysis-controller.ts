// "Show values" / "Show solution" on a game page: while it is on, every position shown is analysed in the
// worker pool (the value of each move), one analysis at a time, cancellable; analyses are kept per position
// so that a page can also tell what a move lost once it is played.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Analysis, Budget, Iteration } from '../contracts/game';
import { CancelledError, type Job } from '../runtime/pool';
import { requestAnalysis } from '../runtime/requests';
import { searchPool } from './pool';

export class AnalysisController implements ReactiveController {
  on = false;
  /** The analysis of the position shown, when it is done. */
  shown?: Analysis;
  /** Iterations of the analysis running, for a progress line. */
  progress: Iteration[] = [];
  error = '';
  /** The analysis running, if one is. */
  private job?: Job<Analysis>;
  /**
   * The analysis whose iterations are shown: the last one started, running or done. Its progress comes on a port of
   * its own, so an iteration may arrive after the result; it still counts.
   */
  private reporting?: Job<Analysis>;
  private position = '';
  private readonly done = new Map<string, Analysis>();

  /**
   * @param threads how many threads each analysis searches with (a game whose solver has threads: Connect 4).
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly game: string,
    private readonly budget: Budget = {},
    public threads = 1,
  ) {
    host.addController(this);
  }

  /** Analyses from now on search with this many threads; the one running starts again with them. */
  setThreads(threads: number): void {
    this.threads = threads;
    if (this.running) {
      this.cancel();
      this.show(this.position);
    }
  }

  get running(): boolean {
    return this.job !== undefined;
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** The analysis of a position, if it was made. */
  of(position: string): Analysis | undefined {
    return this.done.get(position);
  }

  toggle(on: boolean, position: string): void {
    this.on = on;
    if (on) this.show(position);
    else this.cancel();
    this.host.requestUpdate();
  }

  /** The page shows another position (a move, undo, a new game): analyse it if analysis is on. */
  show(position: string, over = false): void {
    this.position = position;
    this.cancel();
    this.shown = this.done.get(position);
    if (!this.on || over || this.shown) return this.host.requestUpdate();
    const job = requestAnalysis(searchPool(), this.game, position, this.budget, this.threads, (iteration) => {
      if (this.reporting !== job) return;
      this.progress = [...this.progress, iteration];
      this.host.requestUpdate();
    });
    this.job = job;
    this.reporting = job;
    this.progress = [];
    this.error = '';
    job.promise.then(
      (analysis) => {
        this.done.set(position, analysis);
        if (this.job !== job) return;
        this.job = undefined;
        if (this.position === position) this.shown = analysis;
        this.host.requestUpdate();
      },
      (error: Error) => {
        if (this.job === job) this.job = undefined;
        if (!(error instanceof CancelledError)) this.error = `The analysis failed: ${error.message}`;
        this.host.requestUpdate();
      },
    );
    this.host.requestUpdate();
  }

  cancel(): void {
    this.job?.cancel();
    this.job = undefined;
    this.reporting = undefined;
    this.host.requestUpdate();
  }

  /** Forget every analysis (a new board). */
  clear(): void {
    this.cancel();
    this.done.clear();
    this.shown = undefined;
  }
}
