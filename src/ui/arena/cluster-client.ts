// The arena's runs on the cluster, from the page's side: whether the server has a cluster (GET /api/cluster),
// and a run sent to it over the WebSocket, seen by the page as a run in the browser is (runtime/run-schedule.ts):
// each game as it comes back, checked against the page's own schedule, then the records. Cancel removes the
// games not started yet; a connection lost keeps the games already here.

import * as v from 'valibot';
import type { GameRecord } from '../../arena/play-out';
import type { RunSpec } from '../../arena/run-spec';
import type { Schedule } from '../../arena/schedule';
import type { TimeControl } from '../../arena/time-control';
import { parseClusterServerMessage } from '../../net/cluster-protocol';
import type { Run, RunProgress } from '../../runtime/run-schedule';

export interface ClusterInfo {
  /** Workers connected now (null: the server could not ask its Redis). */
  readonly workers: number | null;
}

const ClusterInfoSchema = v.object({ available: v.boolean(), workers: v.nullable(v.number()) });

/** The server's cluster, or null when it has none (or the page is not served by the playground's server). */
export async function clusterInfo(): Promise<ClusterInfo | null> {
  try {
    const response = await fetch('/api/cluster', { cache: 'no-store' });
    if (!response.ok || !response.headers.get('content-type')?.startsWith('application/json')) return null;
    const parsed = v.safeParse(ClusterInfoSchema, await response.json());
    return parsed.success && parsed.output.available ? { workers: parsed.output.workers } : null;
  } catch {
    return null;
  }
}

/**
 * Plays `spec` on the server's cluster. `schedule` is the page's plan of the same spec: the server's games are
 * checked against it. `onInterrupted` is told when the connection is lost before the end (the run then ends
 * with the games that came back).
 */
export function runOnServerCluster(
  spec: RunSpec,
  time: TimeControl,
  schedule: Schedule,
  onGame: (index: number, record: GameRecord, progress: RunProgress) => void,
  onInterrupted: (message: string) => void,
): Run {
  const id = `run-${Math.floor(Math.random() * 2 ** 32).toString(36)}`;
  const records: (GameRecord | undefined)[] = Array(schedule.games.length).fill(undefined);
  const started = performance.now();
  let done = 0;
  let ended = false;
  let cancelled = false;
  let settle: { resolve(records: (GameRecord | undefined)[]): void; reject(error: Error): void };
  const finished = new Promise<(GameRecord | undefined)[]>((resolve, reject) => (settle = { resolve, reject }));
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  const end = (error?: Error) => {
    if (ended) return;
    ended = true;
    socket.close();
    if (error) settle.reject(error);
    else settle.resolve(records);
  };
  socket.addEventListener('open', () => {
    if (cancelled) return end();
    socket.send(JSON.stringify({ type: 'cluster-run', run: id, spec, time }));
  });
  socket.addEventListener('message', (event) => {
    const message = parseClusterServerMessage(String(event.data));
    if (!message || ('run' in message && message.run !== undefined && message.run !== id)) return;
    switch (message.type) {
      case 'cluster-started':
        if (message.games !== schedule.games.length)
          end(new Error(`the server plans ${message.games} games for this run, this page ${schedule.games.length}: reload the page (the server was updated)`));
        return;
      case 'cluster-games':
        for (const { index, record } of message.games) {
          const planned = schedule.games[index];
          if (!planned || record.start !== planned.start || record.seats[0] !== planned.seats[0] || record.seats[1] !== planned.seats[1])
            return end(new Error(`the server sent game ${index + 1}, which is not this run's`));
          if (records[index]) continue;
          records[index] = record;
          done++;
          onGame(index, record, { done, total: schedule.games.length, elapsedMs: performance.now() - started });
        }
        return;
      case 'cluster-ended':
        return end();
      case 'cluster-error':
        return end(new Error(message.message));
    }
  });
  socket.addEventListener('close', () => {
    if (ended) return;
    if (!cancelled) onInterrupted(`the connection to the server was lost after ${done} games: they are kept`);
    end();
  });
  return {
    finished,
    cancel() {
      if (cancelled || ended) return;
      cancelled = true;
      // The server removes the games not started, then ends the run; before it knows of the run, there is nothing to remove.
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'cluster-cancel', run: id }));
      else if (socket.readyState !== WebSocket.CONNECTING) end();
    },
  };
}
