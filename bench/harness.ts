// The benchmark harness: a suite solves sets of positions through the worker pool and reports, per set,
// node counts first (exact and repeatable), then time and nodes per second.

import type { SolveAnswer } from '../src/engine/game';
import type { WorkerPool } from '../src/engine/pool';
import { requestSolve } from '../src/engine/requests';

export interface BenchRow {
  readonly set: string;
  readonly positions: number;
  readonly nodes: number;
  readonly meanNodes: number;
  /** Search time summed over the positions, as the cores measured it. */
  readonly searchMs: number;
  readonly nodesPerSecond: number;
  /** A reference measured elsewhere for the same kind of set: its mean nodes and ms, and our speed-up on time. */
  readonly reference?: { readonly meanNodes: number; readonly meanMs: number; readonly speedup: number };
}

export interface BenchSuite {
  readonly name: string;
  readonly description: string;
  run(pool: WorkerPool, log: (line: string) => void): Promise<BenchRow[]>;
}

/** Solves the positions on the pool (answers in input order) and sums their figures into a row. */
export async function solveSet(pool: WorkerPool, game: string, set: string, lines: readonly string[]): Promise<{ row: BenchRow; answers: SolveAnswer[] }> {
  const answers = await Promise.all(lines.map((line) => requestSolve(pool, game, line).promise));
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
    nodesPerSecond: searchMs > 0 ? Math.round((nodes / searchMs) * 1000) : 0,
  };
}

export function formatTable(rows: readonly BenchRow[]): string {
  const withReference = rows.some((row) => row.reference);
  const header = ['set', 'positions', 'nodes', 'mean nodes', 'search ms', 'mean ms', 'nodes/s', ...(withReference ? ['ref mean nodes', 'ref mean ms', 'time vs ref'] : [])];
  const cells = rows.map((row) => [
    row.set,
    String(row.positions),
    String(row.nodes),
    row.meanNodes.toFixed(1),
    row.searchMs.toFixed(1),
    (row.searchMs / row.positions).toFixed(2),
    formatRate(row.nodesPerSecond),
    ...(withReference ? (row.reference ? [String(row.reference.meanNodes), String(row.reference.meanMs), `${row.reference.speedup.toFixed(2)}x faster`] : ['', '', '']) : []),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i].length)));
  const format = (line: readonly string[]) => line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [format(header), ...cells.map(format)].join('\n');
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

function formatRate(perSecond: number): string {
  return perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(2)} M` : `${(perSecond / 1e3).toFixed(1)} k`;
}
