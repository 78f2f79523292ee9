// A finished run's games judged against perfect play in this browser, on the search pool once the run is over
// (so that judging never slows its games): the run comes back with each move's judgement (runtime/judge.ts).

import type { SavedRun } from '../../arena/saved-run';
import { gameById } from '../../games';
import { Judge } from '../../runtime/judge';
import { searchPool } from '../pool';

export class RunJudging {
  done = 0;
  of = 0;
  private readonly judge: Judge;

  constructor(readonly run: SavedRun) {
    this.judge = new Judge(searchPool(), gameById(run.schedule.game), run.schedule.size);
  }

  /** The run judged, `progress` told of each game; undefined when stopped first. */
  async judged(progress: () => void): Promise<SavedRun | undefined> {
    const records = await this.judge.records(this.run.records, (done, of) => {
      [this.done, this.of] = [done, of];
      progress();
    });
    return this.judge.stopped ? undefined : { ...this.run, records };
  }

  stop(): void {
    this.judge.stop();
  }
}
