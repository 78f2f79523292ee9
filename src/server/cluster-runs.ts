// The arena page's runs on the cluster (a server started with REDIS_URL): a page sends a run's spec over the
// WebSocket, the server plans its schedule as the page does (arena/run-spec.ts), queues it on the cluster as
// `playground <game> tournament --redis` would, and sends the page each game as it comes back; the page makes of
// them its results and its saved run. Gates: one run at a time per connection, `maxRunsPerAddress` from one
// address and `maxRuns` in all at once (a run counts until its tasks are tidied away), the spec checked and its
// games counted (at most `maxGames`) before it is planned, and planned before anything is queued (a window of
// tasks at a time, cluster/submit.ts); a page that goes away has its run cancelled (the tasks not taken yet are
// removed) and its state dropped, and so has every run when the server closes. The games are sent paced by what the
// connection has read, so that a page that reads slowly slows its run's messages instead of losing them, and its
// run: past OUTBOX_CHARS waiting, no more tasks are queued until the page reads (one that never does is closed by
// the pings, online.ts).

import { randomBytes } from 'node:crypto';
import type { GameRecord } from '../arena/play-out';
import { plannedGames, planRun, type RunSpec } from '../arena/run-spec';
import type { Schedule } from '../arena/schedule';
import type { TimeControl } from '../arena/time-control';
import { ClusterSubmission } from '../cluster/submit';
import { closeWithin, clusterQueue } from '../cluster/tasks';
import { type ClusterServerMessage, parseClusterClientMessage } from '../net/cluster-protocol';
import type { Run } from '../runtime/run-schedule';
import type { FailureLog } from './failures';
import type { Client } from './rooms';

export interface ClusterRunsOptions {
  /** The cluster's Redis (redis://HOST:PORT); without it the page is told there is no cluster. */
  readonly redis?: string;
  /** Runs from pages played at once, in all and from one address. */
  readonly maxRuns?: number;
  readonly maxRunsPerAddress?: number;
  /** The most games of a run from a page. */
  readonly maxGames?: number;
  readonly logFailure?: FailureLog;
}

/** The size a message of games stays under, and the bytes a connection may have unread before the next message waits. */
const MESSAGE_CHARS = 128 * 1024;
const UNREAD_BYTES = 256 * 1024;
/** Games waiting for a page (beyond UNREAD_BYTES) past which its run queues no more tasks until the page reads. */
const OUTBOX_CHARS = 1024 * 1024;
const PACE_MS = 50;
const STATUS_CACHE_MS = 2000;

/** What makes a run of each kind smaller. */
const FEWER = { tournament: 'fewer starts or bots', sweep: 'fewer starts, grid points or opponents', match: 'fewer games' } as const;

/** Messages waiting for a page that has not read the ones before, their size, and who waits for it to shrink. */
interface Outbox {
  readonly messages: string[];
  chars: number;
  readonly drained: (() => void)[];
}

interface PageRun {
  readonly id: string;
  readonly run: Run;
  readonly address: string;
}

export class ClusterRuns {
  /** Each connection's run, and every run until its tasks are tidied away (its page may have gone). */
  private readonly runs = new Map<Client, PageRun>();
  private readonly playing = new Set<PageRun>();
  private readonly outboxes = new Map<Client, Outbox>();
  private readonly gone = new WeakSet<Client>();
  private readonly maxRuns: number;
  private readonly maxRunsPerAddress: number;
  private readonly maxGames: number;
  private readonly logFailure: FailureLog;
  private statusQueue?: ReturnType<typeof clusterQueue>;
  private status?: { at: number; workers: Promise<number | null> };
  private closed = false;

  constructor(private readonly options: ClusterRunsOptions = {}) {
    this.maxRuns = options.maxRuns ?? 4;
    this.maxRunsPerAddress = options.maxRunsPerAddress ?? 2;
    this.maxGames = options.maxGames ?? 100_000;
    this.logFailure = options.logFailure ?? (() => {});
  }

  /** What GET /api/cluster answers: whether runs can go to the cluster, and the workers connected now (null: Redis does not answer). */
  async describe(): Promise<{ available: boolean; workers: number | null; runs: number; maxRuns: number }> {
    const redis = this.options.redis;
    if (!redis || this.closed) return { available: false, workers: 0, runs: 0, maxRuns: this.maxRuns };
    if (!this.status || Date.now() - this.status.at > STATUS_CACHE_MS) {
      this.statusQueue ??= clusterQueue(redis);
      const queue = this.statusQueue;
      const workers = Promise.race([
        queue.getWorkers().then((list) => list.length),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000).unref()),
      ]).catch(() => null);
      this.status = { at: Date.now(), workers };
    }
    return { available: true, workers: await this.status.workers, runs: this.playing.size, maxRuns: this.maxRuns };
  }

  /** Handles a message of the socket if it is a cluster message; false when it is not one (it is the Lobby's). */
  receive(client: Client, text: string): boolean {
    const message = parseClusterClientMessage(text);
    if (message === null) return false;
    try {
      if ('refusal' in message) this.tell(client, { type: 'cluster-error', run: message.run, message: message.refusal });
      else if (message.type === 'cluster-cancel') {
        const current = this.runs.get(client);
        if (current?.id === message.run) current.run.cancel();
        else this.tell(client, { type: 'cluster-error', run: message.run, message: `there is no run ${message.run} on this connection` });
      } else this.start(client, message.run, message.spec, message.time);
    } catch (error) {
      this.logFailure('a cluster message', error);
      this.tell(client, { type: 'cluster-error', message: 'the server failed on this message' });
    }
    return true;
  }

  /** The client is gone: its run is cancelled. */
  leave(client: Client): void {
    this.gone.add(client);
    this.runs.get(client)?.run.cancel();
    this.runs.delete(client);
    this.outboxes.delete(client);
  }

  close(): void {
    this.closed = true;
    for (const client of [...this.runs.keys()]) this.leave(client);
    if (this.statusQueue) void closeWithin([this.statusQueue], 1000);
  }

  private start(client: Client, id: string, spec: RunSpec, time: TimeControl): void {
    const refuse = (text: string) => this.tell(client, { type: 'cluster-error', run: id, message: text });
    const redis = this.options.redis;
    if (!redis || this.closed) return refuse('this server has no cluster: it runs on the cluster when started with REDIS_URL');
    if (this.runs.has(client)) return refuse('a run is already under way on this connection: cancel it first');
    if (this.playing.size >= this.maxRuns) return refuse(`the cluster is playing ${this.playing.size} runs from pages, the most at once: try again later`);
    const fromAddress = [...this.playing].filter((run) => run.address === client.address).length;
    if (fromAddress >= this.maxRunsPerAddress)
      return refuse(`the cluster is playing ${fromAddress} runs from your address, the most at once: try again when one ends`);
    const games = plannedGames(spec);
    if (games > this.maxGames)
      return refuse(
        `a run from a page plays at most ${this.maxGames.toLocaleString('en')} games on the cluster: this one has ${games.toLocaleString('en')} (${FEWER[spec.kind]})`,
      );
    let schedule: Schedule;
    try {
      schedule = planRun(spec);
    } catch (error) {
      return refuse((error as Error).message);
    }
    const owner = `page-${randomBytes(6).toString('hex')}`;
    let batch: { index: number; record: GameRecord }[] = [];
    // A message holds the games that fit in MESSAGE_CHARS (a game is sent alone if it is larger).
    const flush = () => {
      let games: typeof batch = [];
      let chars = 0;
      for (const game of batch) {
        const size = JSON.stringify(game).length;
        if (games.length > 0 && chars + size > MESSAGE_CHARS) {
          this.tell(client, { type: 'cluster-games', run: id, games });
          games = [];
          chars = 0;
        }
        games.push(game);
        chars += size;
      }
      if (games.length > 0) this.tell(client, { type: 'cluster-games', run: id, games });
      batch = [];
    };
    const run = new ClusterSubmission(
      { redis, owner, runId: owner, ready: () => this.ready(client) },
      schedule,
      time,
      (index, record) => batch.push({ index, record }),
      undefined,
      flush,
    );
    const pageRun = { id, run, address: client.address };
    this.runs.set(client, pageRun);
    this.playing.add(pageRun);
    this.tell(client, { type: 'cluster-started', run: id, games: schedule.games.length });
    run.finished
      .then(
        () => {
          flush();
          this.tell(client, { type: 'cluster-ended', run: id });
        },
        (error: Error) => {
          flush();
          this.tell(client, { type: 'cluster-error', run: id, message: `the run failed: ${error.message}` });
        },
      )
      .finally(() => {
        this.playing.delete(pageRun);
        if (this.runs.get(client) === pageRun) this.runs.delete(client);
      });
  }

  /** Sends in order, each message once the connection has read most of the one before. */
  private tell(client: Client, message: ClusterServerMessage): void {
    if (this.gone.has(client)) return;
    const text = JSON.stringify(message);
    const queued = this.outboxes.get(client);
    if (queued) {
      queued.messages.push(text);
      queued.chars += text.length;
      return;
    }
    const outbox: Outbox = { messages: [text], chars: text.length, drained: [] };
    this.outboxes.set(client, outbox);
    const drain = () => {
      if (this.outboxes.get(client) !== outbox) return;
      while (outbox.messages.length > 0 && (client.unreadBytes?.() ?? 0) < UNREAD_BYTES) {
        const sent = outbox.messages.shift()!;
        outbox.chars -= sent.length;
        client.send(sent);
      }
      if (outbox.chars < OUTBOX_CHARS) for (const done of outbox.drained.splice(0)) done();
      if (outbox.messages.length === 0) this.outboxes.delete(client);
      else setTimeout(drain, PACE_MS).unref();
    };
    drain();
  }

  /** Resolves once the page has read enough of its games for its run to queue more. */
  private ready(client: Client): Promise<void> {
    const outbox = this.outboxes.get(client);
    if (!outbox || outbox.chars < OUTBOX_CHARS) return Promise.resolve();
    return new Promise((done) => outbox.drained.push(done));
  }
}
