// `playground runs --redis URL`: what the cluster is doing, from its queue: each run's tasks by state and its
// games played, and the workers connected with the tasks and games each finished in the last ten minutes.
// `--cancel RUN_ID` removes the run's tasks not taken yet and tells its submitter, which stops and keeps what was
// played (resumable with --resume, as after Ctrl-C).

import { cancelKey, type ClusterTask, clusterQueue, JOBS_READ } from './tasks';

export interface RunSummary {
  readonly run: string;
  readonly game: string;
  readonly waiting: number;
  readonly active: number;
  readonly completed: number;
  readonly failed: number;
  /** Games in the completed tasks (none in a search's shares: `solve --redis`). */
  readonly games: number;
  /** When its first task was queued. */
  readonly queuedAt: number;
}

export interface WorkerSummary {
  readonly name: string;
  /** Tasks and games it finished in the last ten minutes, and its games a second over that time. */
  readonly tasks: number;
  readonly games: number;
  readonly gamesPerSecond: number;
}

const RECENT_MS = 10 * 60_000;

export async function clusterStatus(redis: string): Promise<{ runs: RunSummary[]; workers: WorkerSummary[] }> {
  const queue = clusterQueue(redis);
  try {
    const runs = new Map<string, { game: string; waiting: number; active: number; completed: number; failed: number; games: number; queuedAt: number }>();
    const workers = new Map<string, { tasks: number; games: number; first: number }>();
    const now = Date.now();
    for (const state of ['waiting', 'delayed', 'active', 'completed', 'failed'] as const) {
      for (const job of await queue.getJobs(state, 0, JOBS_READ - 1)) {
        if (!job?.data?.owner) continue;
        const entry = runs.get(job.data.owner) ?? { game: job.data.game, waiting: 0, active: 0, completed: 0, failed: 0, games: 0, queuedAt: job.timestamp };
        entry.queuedAt = Math.min(entry.queuedAt, job.timestamp);
        if (state === 'completed') {
          entry.completed++;
          const games = gamesOf(job.data);
          entry.games += games;
          const by = job.processedBy;
          if (by && job.finishedOn && now - job.finishedOn < RECENT_MS) {
            const worker = workers.get(by) ?? { tasks: 0, games: 0, first: job.processedOn ?? job.finishedOn };
            worker.tasks++;
            worker.games += games;
            worker.first = Math.min(worker.first, job.processedOn ?? job.finishedOn);
            workers.set(by, worker);
          }
        } else entry[state === 'delayed' ? 'waiting' : state]++;
        runs.set(job.data.owner, entry);
      }
    }
    const connected = (await queue.getWorkers()).map((client) => client.rawname ?? client.name).filter(Boolean);
    const names = [...new Set([...connected.map(workerName), ...workers.keys()])];
    return {
      runs: [...runs.entries()].map(([run, entry]) => ({ run, ...entry })).sort((a, b) => b.queuedAt - a.queuedAt),
      workers: names.map((name) => {
        const seen = workers.get(name);
        const seconds = seen ? Math.max(1, (now - seen.first) / 1000) : 1;
        return { name, tasks: seen?.tasks ?? 0, games: seen?.games ?? 0, gamesPerSecond: seen ? seen.games / seconds : 0 };
      }),
    };
  } finally {
    await queue.close();
  }
}

/** The games a task played: none for a share of a search. */
function gamesOf(task: ClusterTask): number {
  return 'games' in task ? task.games.length : 0;
}

/** BullMQ names a worker's connection `bull:<base64 queue name>:w:<worker name>`. */
function workerName(client: string): string {
  const at = client.indexOf(':w:');
  return at < 0 ? client : client.slice(at + 3);
}

/** Stops a run: its tasks not taken yet are removed and its submitter told. Returns how many tasks were removed. */
export async function cancelRun(redis: string, owner: string): Promise<number> {
  const queue = clusterQueue(redis);
  try {
    const client = await queue.client;
    await client.set(cancelKey(owner), '1', { EX: 24 * 3600 });
    let removed = 0;
    for (const job of await queue.getJobs(['waiting', 'delayed'], 0, JOBS_READ - 1)) {
      if (job?.data?.owner !== owner) continue;
      try {
        await job.remove();
        removed++;
      } catch {
        // Taken by a worker meanwhile: it finishes, and its games are not counted.
      }
    }
    return removed;
  } finally {
    await queue.close();
  }
}
