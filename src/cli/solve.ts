// `playground <game> solve`: one JSON answer per position line, in input order (the solve contract, docs/cli.md). Lines are
// read as they are solved, a bounded number at a time (so a file of millions of lines takes no more memory than
// a few), and a line over 1 MB is answered with an error without being held whole. With `--redis`, each line's
// search is shared among the cluster's machines (src/cluster/solve-shares.ts), one line after another.

import type { Writable } from 'node:stream';
import { newRunId } from '../arena/saved-run';
import { clusterSolver } from '../cluster/solve-shares';
import { budgetAnswer, type Budget, type Iteration, type SolveOptions } from '../contracts/game';
import { CancelledError, type WorkerPool } from '../runtime/pool';
import { requestSolve } from '../runtime/requests';
import { gameById } from '../games';
import type { Line } from '../io/lines';

/** Solves every position line on the pool, in parallel, printing in order; resolves to the exit status. */
export async function solveLines(
  game: string,
  lines: AsyncIterable<Line>,
  options: SolveOptions,
  budget: Budget,
  pool: WorkerPool,
  output: Writable,
  size?: number,
): Promise<number> {
  let failed = false;
  // The answers not yet printed, in input order; at most `inFlight` of them.
  const pending: Promise<string>[] = [];
  const inFlight = 4 * pool.size;
  const print = async (answer: Promise<string>) => write(output, await answer);
  const sized = sizedLine(game, size);
  for await (const input of lines) {
    const text = positionOf(input);
    if (text === null) continue;
    let answer: Promise<Record<string, unknown>>;
    if (typeof text !== 'string') answer = Promise.resolve(text);
    else {
      answer = Promise.resolve()
        .then(() => requestSolve(pool, game, sized(text), options, budget).promise)
        .then(
          (result) => ({ ...result, ms: round(result.ms) }),
          (error: Error) => ({ error: error.message }),
        );
    }
    pending.push(
      answer.then((result) => {
        if ('error' in result) failed = true;
        return `${JSON.stringify(result)}\n`;
      }),
    );
    if (pending.length >= inFlight) await print(pending.shift()!);
  }
  while (pending.length > 0) await print(pending.shift()!);
  return failed ? 1 : 0;
}

/** A line's position: its text, null for a blank or `#` line, or the error answer of a line too long. */
function positionOf(input: Line): string | null | { error: string } {
  if ('tooLong' in input) return { error: `a line is at most 1 MB, this one has ${input.tooLong} bytes` };
  const text = input.text.trim();
  return text === '' || text.startsWith('#') ? null : text;
}

/** Writes to the output, waiting while it is full. */
async function write(output: Writable, text: string): Promise<void> {
  if (!output.write(text)) await new Promise((done) => output.once('drain', done));
}

/** A line of a game whose notation may leave the size out, read here as of `size` and sent with its size. */
function sizedLine(game: string, size: number | undefined): (text: string) => string {
  const { rules } = gameById(game);
  return (text) => (size === undefined ? text : rules.format(rules.parse(text, size)));
}

/**
 * Solves every position line with the cluster at `redis`, each line's iterations dealt out as `parts` shares: the
 * answers as a local solve's, with each iteration's threshold and nodes. Resolves to the exit status; Ctrl-C or
 * `playground runs --cancel` stops it (the answers printed are kept), its shares not taken yet removed.
 */
export async function solveLinesOnCluster(
  game: string,
  lines: AsyncIterable<Line>,
  options: SolveOptions,
  budget: Budget,
  redis: string,
  parts: number,
  output: Writable,
  size?: number,
): Promise<number> {
  const owner = newRunId(new Date());
  const log = (line: string) => process.stderr.write(`${line}\n`);
  log(`run ${owner}: its searches are shared on ${redis} (playground runs --redis ${redis} --cancel ${owner} stops it)`);
  let stopped: string | undefined;
  const solver = clusterSolver(redis, owner, log, () => (stopped = `run ${owner} was cancelled on the cluster`));
  const interrupt = () => {
    if (stopped !== undefined) process.exit(130);
    stopped = 'interrupted';
    log('\ninterrupted: the answers printed are kept; interrupt again to quit at once');
    void solver.close();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  const { rules } = gameById(game);
  let failed = false;
  try {
    for await (const input of lines) {
      if (stopped !== undefined) break;
      const text = positionOf(input);
      if (text === null) continue;
      const answer = typeof text === 'string' ? await solveOnCluster(text) : text;
      if ('error' in answer) failed = true;
      await write(output, `${JSON.stringify(answer)}\n`);
    }
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await solver.close();
  }
  if (stopped !== undefined) log(stopped);
  return stopped !== undefined ? 130 : failed ? 1 : 0;

  /** One line's search; past the budget (its nodes checked after each iteration; 0 is none) a budget answer. */
  async function solveOnCluster(text: string): Promise<Record<string, unknown>> {
    const iterations: { threshold: number; nodes: number }[] = [];
    let nodes = 0;
    let overBudget = false;
    let line: string;
    try {
      // Read here, so that a malformed board is refused before any share is queued.
      line = rules.format(rules.parse(text, size));
    } catch (error) {
      return { error: (error as Error).message };
    }
    const started = performance.now();
    const search = solver.solve(game, line, options, parts, (iteration: Iteration) => {
      iterations.push({ threshold: iteration.depth, nodes: iteration.nodes });
      nodes += iteration.nodes;
      if (budget.nodes && nodes > budget.nodes) {
        overBudget = true;
        search.cancel();
      }
    });
    const timer = !budget.ms
      ? undefined
      : setTimeout(() => {
          overBudget = true;
          search.cancel();
        }, budget.ms);
    try {
      const solution = await search.promise;
      return { ...solution, ms: round(solution.ms), iterations };
    } catch (error) {
      if (overBudget) return budgetAnswer(nodes, round(performance.now() - started));
      if (error instanceof CancelledError) return { error: stopped ?? 'cancelled' };
      return { error: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
