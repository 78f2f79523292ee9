// Where the arena's runs are played, one target per destination: this browser (the page's worker pool; the
// person's own bots too), the server's cluster (while the page stays), or the server's lab, which plays and keeps
// the run whether the page stays or not (the page then opens the run's page there).

import type { GameRecord } from '../../arena/play-out';
import type { RunSpec } from '../../arena/run-spec';
import type { Schedule } from '../../arena/schedule';
import type { TimeControl } from '../../arena/time-control';
import type { AnyGame } from '../../contracts/game';
import type { LabRun } from '../../lab/runs';
import { EngineScheduleRun } from '../../runtime/engine-games';
import { runSchedule, type Run, type RunProgress } from '../../runtime/run-schedule';
import { LabError, labRequest } from '../lab/lab-requests';
import { isUserBot, startUserBot, userEngineSpecs } from '../my-bots/user-bots';
import { searchPool } from '../pool';
import { runOnServerCluster } from './cluster-client';

export type OnGame = (index: number, record: GameRecord, progress: RunProgress) => void;

export interface RunTarget {
  /** Whether the person's own bots (kept in this browser) can play there. */
  readonly userBots: boolean;
  /**
   * Plays a planned run, each game given to onGame as it ends; null for a target that keeps the run itself (the
   * lab). `fail` says what went wrong later on.
   */
  play(spec: RunSpec, planned: Schedule, time: TimeControl, onGame: OnGame, fail: (message: string) => void): Run | null;
}

/** The page's worker pool; a run with the person's own bots plays on the page's thread, each bot in a worker of its own. */
export function browserTarget(game: AnyGame): RunTarget {
  return {
    userBots: true,
    play: (_spec, planned, time, onGame) =>
      planned.bots.some((bot) => isUserBot(game.rules.id, bot))
        ? new EngineScheduleRun(searchPool(), game, planned, userEngineSpecs(game.rules.id), startUserBot, time, onGame)
        : runSchedule(searchPool(), planned, time, onGame),
  };
}

/** The server's cluster, over the WebSocket, for as long as the page stays. */
export const clusterTarget: RunTarget = {
  userBots: false,
  play: (spec, planned, time, onGame, fail) => runOnServerCluster(spec, time, planned, onGame, fail),
};

/** The server's lab: it takes the run, and the page goes to the run's page there. */
export function labTarget(csrf: string | undefined): RunTarget {
  return {
    userBots: false,
    play(spec, _planned, time, _onGame, fail) {
      labRequest<LabRun>('POST', 'submit', { body: { spec, time }, csrf }).then(
        (run) => (location.hash = `#/lab?run=${encodeURIComponent(run.id)}`),
        (error) => fail(`The lab did not take the run: ${error instanceof LabError ? error.message : (error as Error).message}`),
      );
      return null;
    },
  };
}
