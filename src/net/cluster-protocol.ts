// The messages of the arena's runs on the cluster, on the same WebSocket as online play (/ws): the page asks
// the server to play a run (a RunSpec) on the cluster's workers, the server answers with the run's games as they
// finish, and the page makes of them what a run in the browser makes (its results, its saved run). Both sides
// check what they read with these valibot schemas. docs/server.md lists them.

import * as v from 'valibot';
import { RunSpecSchema, RunTimeSchema } from '../arena/run-spec';
import { GameRecordSchema } from '../arena/saved-run';

/** A cluster message longer than this (in characters) is refused. */
export const MAX_CLUSTER_MESSAGE_CHARS = 32 * 1024;

const RUN_ID = /^[a-z0-9-]{1,40}$/;
const runId = v.pipe(v.string('a run id is 1 to 40 of a-z, 0-9 and -'), v.regex(RUN_ID, 'a run id is 1 to 40 of a-z, 0-9 and -'));

const ClusterClientMessageSchema = v.variant(
  'type',
  [
    v.object({ type: v.literal('cluster-run'), run: runId, spec: RunSpecSchema, time: RunTimeSchema }),
    v.object({ type: v.literal('cluster-cancel'), run: runId }),
  ],
  'unknown cluster message: cluster-run or cluster-cancel',
);
export type ClusterClientMessage = v.InferOutput<typeof ClusterClientMessageSchema>;

const index = v.pipe(v.number(), v.integer(), v.minValue(0));
const ClusterServerMessageSchema = v.variant('type', [
  /** The run is queued: its games, as many as the page's own schedule has. */
  v.object({ type: v.literal('cluster-started'), run: runId, games: index }),
  /** Games finished (a task's), by their index in the schedule. */
  v.object({ type: v.literal('cluster-games'), run: runId, games: v.array(v.object({ index, record: GameRecordSchema })) }),
  /** The run is over: played to the end, or cancelled (the games sent are what was played). */
  v.object({ type: v.literal('cluster-ended'), run: runId }),
  /** The run cannot be played or failed (no run: the message itself was refused). */
  v.object({ type: v.literal('cluster-error'), run: v.optional(runId), message: v.string() }),
]);
export type ClusterServerMessage = v.InferOutput<typeof ClusterServerMessageSchema>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads a cluster message of a client: null when the text is not one (another message of the socket, for the
 * Lobby), else the message or what is wrong with it.
 */
export function parseClusterClientMessage(text: string): ClusterClientMessage | { readonly refusal: string; readonly run?: string } | null {
  if (!text.includes('"cluster-')) return null;
  const value = parseJson(text);
  if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') return null;
  const { type, run } = value as { type: string; run?: unknown };
  if (!type.startsWith('cluster-')) return null;
  const id = typeof run === 'string' && RUN_ID.test(run) ? run : undefined;
  if (text.length > MAX_CLUSTER_MESSAGE_CHARS) return { refusal: `a cluster message is at most ${MAX_CLUSTER_MESSAGE_CHARS} characters`, run: id };
  const parsed = v.safeParse(ClusterClientMessageSchema, value);
  return parsed.success ? parsed.output : { refusal: parsed.issues[0].message, run: id };
}

/** Reads a server's cluster message (the page trusts nothing it is sent); null when it is not one. */
export function parseClusterServerMessage(text: string): ClusterServerMessage | null {
  const parsed = v.safeParse(ClusterServerMessageSchema, parseJson(text));
  return parsed.success ? parsed.output : null;
}
