// Opening a game of a saved arena run as a replay in its game's page: #/<game>?run=<id>&game=<index>, the run
// kept in this browser, or in the server's lab with &from=lab; or a game of the ladder, #/<game>?run=<game's
// id>&from=ladder.

import { isTuning } from '../arena/kept-run';
import type { GameRecord } from '../arena/play-out';
import type { GameSession } from './game-session';
import { labRequest, labRunFile } from './lab/lab-requests';
import { loadRun } from './run-store';

/** Starts the replay the URL names; resolves to a message saying what is wrong, or '' when it opened. */
export async function openReplay<P, M>(session: GameSession<P, M>, params: URLSearchParams): Promise<string> {
  const id = params.get('run')!;
  const index = Number(params.get('game'));
  try {
    if (params.get('from') === 'ladder') {
      const { game, record } = await labRequest<{ game: string; record: GameRecord }>('GET', `ladder/games/${encodeURIComponent(id)}`);
      if (game !== session.game.rules.id) return `The ladder's game ${id} is of another game (${game}).`;
      session.startReplay(session.game.rules.parse(record.start), record);
      return '';
    }
    const fromLab = params.get('from') === 'lab';
    const kept = fromLab ? await labRunFile(id) : await loadRun(id);
    if (!kept) return `There is no saved run ${id} in this browser.`;
    if (isTuning(kept)) return `Run ${id} is a tuning: its games are not kept.`;
    const run = kept;
    if (run.schedule.game !== session.game.rules.id) return `Run ${id} is of another game (${run.schedule.game}).`;
    const record = Number.isInteger(index) ? run.records[index] : undefined;
    if (!record) return `Run ${id} has no finished game ${params.get('game')}.`;
    session.startReplay(session.game.rules.parse(record.start), record);
    return '';
  } catch (error) {
    return `The replay cannot be opened: ${(error as Error).message}`;
  }
}
