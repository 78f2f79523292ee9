// `playground <game> solve`: one JSON answer per position line, in input order (the solve contract, docs/cli.md). Lines are
// read as they are solved, a bounded number at a time (so a file of millions of lines takes no more memory than
// a few), and a line over 1 MB is answered with an error without being held whole.

import type { Writable } from 'node:stream';
import type { Budget, SolveOptions } from '../contracts/game';
import type { WorkerPool } from '../runtime/pool';
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
  const { rules } = gameById(game);
  let failed = false;
  // The answers not yet printed, in input order; at most `inFlight` of them.
  const pending: Promise<string>[] = [];
  const inFlight = 4 * pool.size;
  const print = async (answer: Promise<string>) => {
    if (!output.write(await answer)) await new Promise((done) => output.once('drain', done));
  };
  /** A line of a game whose notation may leave the size out, read here as of `size` and sent with its size. */
  const sized = (text: string) => (size === undefined ? text : rules.format(rules.parse(text, size)));
  for await (const input of lines) {
    let answer: Promise<Record<string, unknown>>;
    if ('tooLong' in input) answer = Promise.resolve({ error: `a line is at most 1 MB, this one has ${input.tooLong} bytes` });
    else {
      const text = input.text.trim();
      if (text === '' || text.startsWith('#')) continue;
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

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
