// The CLI's side of the lab's HTTP API (docs/server.md): requests with the person's token (LAB_TOKEN), and a
// recorder that keeps a run in the lab as it plays (`--lab URL`): the run first, then its games after each batch,
// then its end. Games the lab did not take (it did not answer) are sent again with the next batch and at the
// end; a run the lab was asked to stop (`playground lab cancel`) is stopped here too.

import type { GameRecord } from '../arena/play-out';
import type { KeptRun } from '../arena/kept-run';
import type { SavedRun } from '../arena/saved-run';
import type { LabRun } from '../lab/runs';
import { formatOptions, type OptionSpec, optionText, type ParsedArgs, parseArgs, UsageError } from './args';

/** An answer of the lab that is a refusal: its status and its reason. */
export class LabRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class LabClient {
  private readonly base: URL;

  constructor(
    url: string,
    private readonly token = process.env.LAB_TOKEN,
  ) {
    try {
      this.base = new URL('api/lab/', url.endsWith('/') ? url : `${url}/`);
    } catch {
      throw new Error(`--lab is the lab's address (http://HOST:PORT), got "${url}"`);
    }
    if (!/^https?:$/.test(this.base.protocol)) throw new Error(`--lab is the lab's address (http://HOST:PORT), got "${url}"`);
  }

  /** A run's page in the lab (the app's #/lab?run=ID). */
  runPage(id: string): string {
    return new URL(`../../#/lab?run=${encodeURIComponent(id)}`, this.base).href;
  }

  /** The answer's JSON; a LabRefusal for a refusal, an Error when the lab does not answer. A stream is sent as JSON text. */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    const streamed = body instanceof ReadableStream;
    try {
      response = await fetch(new URL(path, this.base), {
        method,
        headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : streamed ? body : JSON.stringify(body),
        ...(streamed ? { duplex: 'half' } : {}),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      throw new Error(`the lab at ${this.base.origin} does not answer: ${(error as Error).cause ?? (error as Error).message}`);
    }
    const text = await response.text();
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new Error(`the lab at ${this.base.origin} answered ${response.status} with something that is not JSON`);
    }
    if (!response.ok) throw new LabRefusal(response.status, (answer as { error?: string }).error ?? `the lab answered ${response.status}`);
    return answer as T;
  }

  importRun(kept: KeptRun, recording = false): Promise<LabRun> {
    return this.request('POST', `runs${recording ? '?state=running' : ''}`, kept);
  }
}

/** Games written into a request at a time. */
const SLICE = 100;

/**
 * `{"games": [...]}` written a slice of games at a time, each in a turn of the event loop of its own: the
 * workers' next games are handed out between slices (the whole batch at once held them idle for as long as a
 * few percent of a run of short games).
 */
function gamesBody(games: readonly { readonly index: number; readonly record: GameRecord }[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      const slice = games.slice(next, next + SLICE).map((game) => JSON.stringify(game));
      controller.enqueue(encoder.encode(`${next === 0 ? '{"games":[' : ','}${slice.join(',')}`));
      next += SLICE;
      if (next >= games.length) {
        controller.enqueue(encoder.encode(']}'));
        controller.close();
      }
    },
  });
}

/** How often a run being recorded asks the lab whether it was cancelled, when no games go there meanwhile. */
const WATCH_MS = 2000;
/** Games go to the lab together, at most this long after the first of them was played (one request a batch of short games cost the run more than its games). */
const SEND_MS = 500;

/** A run kept in the lab as it plays. */
export class LabRecorder {
  private readonly sent = new Set<number>();
  private cancelled = false;
  private readonly watch: ReturnType<typeof setInterval>;
  /** The sending under way and the one waiting for SEND_MS (each sends every game not sent yet). */
  private sending: Promise<unknown> = Promise.resolve();
  private soon?: ReturnType<typeof setTimeout>;

  private constructor(
    private readonly lab: LabClient,
    private readonly id: string,
    private readonly onCancel: () => void,
  ) {
    // Games may be long, or an engine may hang: the lab's cancel is heard between them too.
    this.watch = setInterval(() => {
      this.lab.request<LabRun>('GET', `runs/${this.id}`).then(
        (run) => this.heard(run.state),
        () => {},
      );
    }, WATCH_MS);
    this.watch.unref();
  }

  private heard(state: string): void {
    if (state !== 'cancelled' || this.cancelled) return;
    this.cancelled = true;
    this.onCancel();
  }

  /** Records the run (its games so far too) in the lab, or throws saying why the lab will not take it. */
  static async start(lab: LabClient, run: SavedRun, onCancel: () => void): Promise<LabRecorder> {
    await lab.importRun(run, true);
    const recorder = new LabRecorder(lab, run.id, onCancel);
    for (const [index, record] of run.records.entries()) if (record) recorder.sent.add(index);
    return recorder;
  }

  /** Sends the games not sent yet within SEND_MS, after those being sent; a refusal is heard by `end`. */
  sendSoon(records: readonly (GameRecord | undefined)[]): void {
    this.soon ??= setTimeout(() => {
      this.soon = undefined;
      this.sending = this.sending.then(() => this.send(records)).catch(() => {});
    }, SEND_MS);
  }

  /** Sends the games not sent yet; false when the lab did not answer (they go with the next call). */
  async send(records: readonly (GameRecord | undefined)[]): Promise<boolean> {
    const games = records.flatMap((record, index) => (record && !this.sent.has(index) ? [{ index, record }] : []));
    if (games.length === 0) return true;
    try {
      const { state } = await this.lab.request<{ state: string }>('POST', `runs/${this.id}/games`, gamesBody(games));
      for (const { index } of games) this.sent.add(index);
      this.heard(state);
      return true;
    } catch (error) {
      if (error instanceof LabRefusal) throw error;
      return false;
    }
  }

  /** Sends what is left and the run's end, trying for a while if the lab does not answer; throws if it never does. */
  async end(records: readonly (GameRecord | undefined)[], finished: boolean, elapsedMs: number): Promise<void> {
    clearInterval(this.watch);
    clearTimeout(this.soon);
    await this.sending;
    for (let attempt = 0; ; attempt++) {
      try {
        if (await this.send(records)) {
          await this.lab.request('POST', `runs/${this.id}/end`, { finished, elapsedMs });
          return;
        }
      } catch (error) {
        if (error instanceof LabRefusal || attempt >= 5) throw error;
      }
      if (attempt >= 5) throw new Error(`the lab does not answer: run ${this.id}'s last games are not in it`);
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/** `--lab URL`, as the lab's and the ladder's commands take it. */
export const LAB_OPTION: OptionSpec = { name: 'lab', value: 'URL', help: "the lab's server (http://HOST:PORT); the token, when one is needed, in LAB_TOKEN" };

/**
 * A `playground lab|ladder ACTION [TARGET] … --lab URL` command line read: its action, options, target and lab; or,
 * when it asks for its help (or has no action), the help printed and the exit status.
 */
export function readLabCommand(
  command: string,
  argv: readonly string[],
  options: readonly OptionSpec[],
  usage: string,
):
  | { readonly exit: number }
  | {
      readonly action: string;
      readonly args: ParsedArgs;
      readonly target?: string;
      readonly lab: LabClient;
      /** The target, for a path (an id): a UsageError saying the action needs `what` when there is none. */
      readonly needs: (what: string) => string;
    } {
  const [action, ...rest] = argv;
  const args = parseArgs(rest, options);
  if (action === undefined || action === '--help' || args.options.has('help')) {
    console.log(`${usage}\n${formatOptions(options)}`);
    return { exit: action === undefined ? 2 : 0 };
  }
  const url = optionText(args, 'lab');
  if (!url) throw new UsageError(`${command} needs --lab URL`);
  let lab: LabClient;
  try {
    lab = new LabClient(url);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [target, extra] = args.positional;
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  const needs = (what: string) => {
    if (!target) throw new UsageError(`${command} ${action} needs ${what}`);
    return encodeURIComponent(target);
  };
  return { action, args, target, lab, needs };
}
