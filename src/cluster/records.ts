// What a worker sends back for a task, checked before any of it counts. A worker is any process that reaches the
// cluster's Redis, so its results are outside input: each game's record must be of the task's game (its seats, its
// start), its moves legal and its end the one the rules give, or a forfeit its seat can have. An engine or a module
// runs on the worker, which alone sees it crash, break the protocol or run out of time; our own bots only ever lose
// on time, and only under a time control. What the rules cannot tell (that a bot of ours chose the moves it would
// have) a worker is trusted with: docs/cluster.md says so.

import * as v from 'valibot';
import { GameRecordSchema, recordFault } from '../arena/saved-run';
import type { Schedule } from '../arena/schedule';
import type { TimeControl } from '../arena/time-control';

/** What is wrong with a task's results (one record, or null for a game not played, per game of the task), or null. */
export function taskFault(
  schedule: Schedule,
  indices: readonly number[],
  played: unknown,
  context: { readonly engines: ReadonlySet<string>; readonly time: TimeControl },
): string | null {
  if (!Array.isArray(played) || played.length !== indices.length)
    return `a task of ${indices.length} games came back with ${Array.isArray(played) ? played.length : 'no list of'} records`;
  for (const [i, index] of indices.entries()) {
    if (played[i] === null) continue;
    const parsed = v.safeParse(GameRecordSchema, played[i]);
    if (!parsed.success) return `game ${index}'s record is malformed: ${v.getDotPath(parsed.issues[0]) ?? ''} ${parsed.issues[0].message}`;
    const record = parsed.output;
    const fault = recordFault(schedule, index, record);
    if (fault) return fault;
    if (!record.forfeit) continue;
    const { seat, reason } = record.forfeit;
    const bot = record.seats[seat].split(':')[0];
    if (context.engines.has(bot)) continue;
    if (reason !== 'time') return `game ${index}: ${record.seats[seat]} is one of our bots, which cannot forfeit by ${reason}`;
    if (!context.time.moveMs && !context.time.clockMs) return `game ${index}: ${record.seats[seat]} lost on time in a run without a time control`;
  }
  return null;
}
