// The benchmark harness: a suite solves sets of positions through the worker pool and reports, per set,
// node counts first (exact and repeatable), then time and nodes per second.

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SolveAnswer, SolveOptions } from '../src/contracts/game';
import type { WorkerPool } from '../src/runtime/pool';
import { requestSolveAll } from '../src/runtime/requests';

export interface BenchRow {
  readonly set: string;
  readonly positions: number;
  readonly nodes: number;
  readonly meanNodes: number;
  /** Search time summed over the positions, as the cores measured it. */
  readonly searchMs: number;
  /** The longest search of one position. */
  readonly slowestMs: number;
  readonly nodesPerSecond: number;
}

/** A row of a suite's table: its columns in order, node counts before times. */
export type TableRow = Readonly<Record<string, string | number>>;

export interface BenchContext {
  /** A worker pool of the size asked for (default: --workers, else one per core); closed after the suite. */
  pool(size?: number): WorkerPool;
  log(line: string): void;
  /** --max-ms: a time budget per position, for a suite that searches one at a time. */
  readonly maxMs?: number;
  /** --positions: which positions of its set a suite runs (`1-10,25`). */
  readonly positions?: string;
}

export interface BenchSuite {
  readonly name: string;
  readonly description: string;
  run(context: BenchContext): Promise<readonly TableRow[]>;
}

/**
 * Solves the positions on the pool (answers in input order) and sums their figures into a row. They go in
 * batches, a few per worker, each solved in one loop in its worker.
 */
export async function solveSet(
  pool: WorkerPool,
  game: string,
  set: string,
  lines: readonly string[],
  options: SolveOptions = {},
): Promise<{ row: BenchRow; answers: SolveAnswer[] }> {
  const size = Math.max(1, Math.ceil(lines.length / (4 * pool.size)));
  const batches: (readonly string[])[] = [];
  for (let start = 0; start < lines.length; start += size) batches.push(lines.slice(start, start + size));
  const answers = (await Promise.all(batches.map((batch) => requestSolveAll(pool, game, batch, options).promise))).flat();
  return { row: benchRow(set, answers), answers };
}

export function benchRow(set: string, answers: readonly SolveAnswer[]): BenchRow {
  const nodes = answers.reduce((sum, answer) => sum + answer.nodes, 0);
  const searchMs = answers.reduce((sum, answer) => sum + answer.ms, 0);
  return {
    set,
    positions: answers.length,
    nodes,
    meanNodes: round(nodes / answers.length, 1),
    searchMs: round(searchMs, 3),
    slowestMs: Math.max(...answers.map((answer) => answer.ms)),
    nodesPerSecond: searchMs > 0 ? Math.round((nodes / searchMs) * 1000) : 0,
  };
}

/** The rows as a table: a column per key of the first row, numbers right-aligned. */
export function formatTable(rows: readonly TableRow[]): string {
  const header = Object.keys(rows[0] ?? {});
  const cells = rows.map((row) => header.map((key) => formatCell(row[key])));
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i].length)));
  const format = (line: readonly string[]) => line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [format(header), ...cells.map(format)].join('\n');
}

function formatCell(value: string | number | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return Number.isInteger(value) ? String(value) : value.toFixed(Math.abs(value) >= 100 ? 1 : 3);
}

/** A solve set's row for the table: node counts first, then time and speed. */
export function tableRow(row: BenchRow): TableRow {
  return {
    set: row.set,
    positions: row.positions,
    nodes: row.nodes,
    'mean nodes': row.meanNodes,
    'search ms': row.searchMs,
    'mean ms': row.searchMs / row.positions,
    'nodes/s': formatRate(row.nodesPerSecond),
  };
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

function formatRate(perSecond: number): string {
  return perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(2)} M` : `${(perSecond / 1e3).toFixed(1)} k`;
}

/**
 * A file of the package (`bench/native/connect4.c`, `test/data/connect4/Test_L1_R1`): the bench runs from any
 * folder. This file is bench/harness.ts, or bundled in dist-node/bench.mjs: the package is one folder up either way.
 */
export function packagePath(...parts: string[]): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', ...parts);
}

/** A native build: its binary, or why there is none (the suite then says so in its table). */
export type NativeBuild = { readonly binary: string } | { readonly problem: string };

/** Compiles bench/native/<name>.c with the system's C compiler (-O3); a failure is logged with the compiler's words. */
export function compileNative(name: string, log: (line: string) => void): NativeBuild {
  const binary = join(mkdtempSync(join(tmpdir(), `${name}-native-`)), name);
  try {
    execFileSync('cc', ['-O3', '-o', binary, packagePath('bench/native', `${name}.c`)], { stdio: ['ignore', 'ignore', 'pipe'] });
    return { binary };
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: Buffer };
    const problem = failure.code === 'ENOENT' ? 'no C compiler (cc)' : `cc failed on ${name}.c`;
    log(`the native comparison is left out: ${problem}${failure.stderr?.length ? `:\n${failure.stderr.toString().trim()}` : ''}`);
    return { problem };
  }
}

/** Runs a native solver on positions, a line each; its answer lines split into numbers (answer, nodes, µs). */
export function runNative(binary: string, lines: readonly string[], args: readonly string[] = []): number[][] {
  const output = execFileSync(binary, args, { input: `${lines.join('\n')}\n`, maxBuffer: 1 << 26 }).toString();
  return output
    .trim()
    .split('\n')
    .map((line) => line.split(' ').map(Number));
}
