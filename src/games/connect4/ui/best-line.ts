// The best line of the position a Connect 4 page shows, while "Show solution" is on: perfect play by both to the
// game's end (the solver's `pv`), asked of the worker pool for each position shown, one at a time, kept per
// position.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CancelledError, type Job } from '../../../runtime/pool';
import { requestSolve } from '../../../runtime/requests';
import type { SolveAnswer } from '../../../contracts/game';
import { searchPool } from '../../../ui/pool';

export class BestLineController implements ReactiveController {
  /** The line of the position shown (columns from 0), when it is known. */
  line?: readonly number[];
  error = '';
  private job?: Job<SolveAnswer>;
  private position = '';
  private readonly known = new Map<string, readonly number[]>();

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  get running(): boolean {
    return this.job !== undefined;
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** The page shows another position (its notation): find its line, unless `wanted` is false or the game is over. */
  show(position: string, wanted: boolean, threads: number): void {
    this.cancel();
    this.position = position;
    this.line = this.known.get(position);
    this.error = '';
    if (!wanted || this.line) return this.host.requestUpdate();
    const job = requestSolve(searchPool(), 'connect4', position, { pv: true, threads: String(threads) });
    this.job = job;
    job.promise.then(
      (answer) => {
        if (this.job !== job) return;
        this.job = undefined;
        const line = (answer.pv as number[]).map((column) => column - 1);
        this.known.set(position, line);
        if (this.position === position) this.line = line;
        this.host.requestUpdate();
      },
      (error: Error) => {
        if (this.job !== job) return;
        this.job = undefined;
        if (!(error instanceof CancelledError)) this.error = `The best line could not be found: ${error.message}`;
        this.host.requestUpdate();
      },
    );
    this.host.requestUpdate();
  }

  cancel(): void {
    this.job?.cancel();
    this.job = undefined;
  }
}
