// `playground <game> solve`: one JSON answer per position line, in input order (DESIGN.md's contract).

import type { Writable } from 'node:stream';
import type { SolveOptions } from '../engine/game';
import type { WorkerPool } from '../engine/pool';
import { requestSolve } from '../engine/requests';

/** Solves every position line on the pool, in parallel, printing in order; resolves to the exit status. */
export async function solveLines(game: string, lines: AsyncIterable<string>, options: SolveOptions, pool: WorkerPool, output: Writable): Promise<number> {
  let failed = false;
  let printed = Promise.resolve();
  for await (const line of lines) {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) continue;
    const answer = requestSolve(pool, game, text, options).promise.then(
      (result) => ({ ...result, ms: round(result.ms) }),
      (error: Error) => {
        failed = true;
        return { error: error.message };
      },
    );
    printed = printed.then(async () => void output.write(`${JSON.stringify(await answer)}\n`));
  }
  await printed;
  return failed ? 1 : 0;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
