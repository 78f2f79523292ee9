// Opening a game of a saved arena run as a replay in its game's page: #/<game>?run=<id>&game=<index>, the run
// kept in this browser, or in the server's lab with &from=lab; or a game of the ladder, #/<game>?run=<game's
// id>&from=ladder; or a game of the ladder being played, watched live: #/<game>?live=<id>.

import { isTuning } from '../arena/kept-run';
import type { ForfeitReason, GameRecord, MoveRecord } from '../arena/play-out';
import type { GameSession, ReplayPlayer } from './game-session';
import { labRequest, labRunFile } from './lab/lab-requests';
import { loadRun } from './run-store';

/** Starts the replay the URL names; resolves to a message saying what is wrong, or '' when it opened. */
export async function openReplay<P, M>(session: GameSession<P, M>, params: URLSearchParams): Promise<string> {
  const id = params.get('run')!;
  const index = Number(params.get('game'));
  try {
    if (params.get('from') === 'ladder') {
      const { game, record, players } = await labRequest<{ game: string; record: GameRecord; players: [ReplayPlayer, ReplayPlayer] }>(
        'GET',
        `ladder/games/${encodeURIComponent(id)}`,
      );
      if (game !== session.game.rules.id) return `The ladder's game ${id} is of another game (${game}).`;
      session.startReplay(session.game.rules.parse(record.start), record, players);
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

/** How often a game watched live is read again. */
const LIVE_POLL_MS = 1000;
/** A move shown every this long while the watcher follows: a game of bots is over in a second, too fast to see. */
const PACE_MS = 400;

interface LiveGame {
  readonly game: string;
  readonly seats: readonly [string, string];
  readonly start: string;
  readonly moves: readonly MoveRecord[];
  readonly over: { readonly winner: 0 | 1 | null; readonly forfeit: ForfeitReason | null } | null;
  readonly names: Readonly<Record<string, string>>;
}

/**
 * Watches a game of the ladder as it is played: shown as a replay of its moves so far, read again every second,
 * its moves shown one every PACE_MS as they come (a game between bots may be over before anyone looks), following
 * the last one unless the person looks at an earlier one, with where it stands; `say` is told what is wrong.
 * Stops when it has been shown to its end, when the person plays on from it, or when the returned function is called.
 */
export function watchLive<P, M>(session: GameSession<P, M>, id: string, say: (message: string) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: GameSession<P, M>['replay'];
  let received: LiveGame | undefined;
  /** The moves shown so far while following. */
  let paced = 0;
  const pacer = setInterval(() => step(), PACE_MS);
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(pacer);
  };
  const describe = () => {
    if (!shown || !received) return;
    const total = received.moves.length;
    shown.live =
      received.over && paced >= total
        ? "Watched live: the game is over; its replay is among the bots' games on the ladder."
        : `Watched live: ${received.over ? 'played to its end' : 'being played'}, ${total} moves so far; move ${paced} shown (a move every ${PACE_MS} ms).`;
  };
  /** The next move shown, when the person follows (looks at the last move shown). */
  const step = () => {
    if (stopped || !shown || !received) return;
    if (session.replay !== shown) return stop();
    if (shown.cursor !== paced || paced >= received.moves.length) return;
    paced++;
    describe();
    session.seek(paced);
    if (received.over && paced >= received.moves.length) stop();
  };
  const look = async () => {
    if (stopped) return;
    // The person played on from it (or opened something else): the page is no longer this game's.
    if (shown && session.replay !== shown) return stop();
    try {
      const live = await labRequest<LiveGame>('GET', `ladder/live/${encodeURIComponent(id)}`);
      if (stopped) return;
      if (live.game !== session.game.rules.id) {
        say(`The ladder's game ${id} is of another game (${live.game}).`);
        return stop();
      }
      const cursor = shown?.cursor ?? 0;
      const players = live.seats.map((seat) => ({ name: live.names[seat] ?? seat, config: null })) as [ReplayPlayer, ReplayPlayer];
      const forfeit = live.over?.forfeit ? { seat: (1 - (live.over.winner ?? 0)) as 0 | 1, reason: live.over.forfeit, detail: '' } : undefined;
      session.startReplay(session.game.rules.parse(live.start), { moves: live.moves, seats: live.seats, ...(forfeit ? { forfeit } : {}) }, players);
      shown = session.replay!;
      received = live;
      describe();
      session.seek(Math.min(cursor, live.moves.length));
    } catch (error) {
      say(`This game is not being played now (${(error as Error).message}).`);
      return stop();
    }
    // Read again until its end has been received; its moves are shown on meanwhile.
    if (!received.over) timer = setTimeout(look, LIVE_POLL_MS);
  };
  void look();
  return stop;
}
