// The learned player's pipeline on a tiny run: positions made and labelled by the generator (every label checked
// against plain minimax over the rules), a small net trained on them by the trainer (its loss falls), exported to
// ONNX with its weights in half precision and loaded by onnxruntime-web, whose moves are legal on every board size,
// and again with 8-bit integer convolutions, which read positions as the float net does;
// a training killed midway resumes to the very model of a run not stopped; and the trainer reads a position into
// the same planes as the TypeScript that feeds the net.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/contracts/rng';
import { readLabelled } from '../../src/games/connect4/labelled';
import { NeuralNet, planesOf } from '../../src/games/connect4/neural';
import { format, legalMoves, newGame, play, type Position } from '../../src/games/connect4/rules';
import { SIZES } from '../../src/games/connect4/sizes';
import { bruteForce } from './brute-force';

const PYTHON = '/usr/bin/python3';
const folder = mkdtempSync(join(tmpdir(), 'neural-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A position `plies` random moves into a game of this size (fewer if the game ends first). */
function randomPosition(width: number, height: number, plies: number, rng: Rng): Position {
  let position = newGame({ width, height });
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(position);
    const column = rng.pick(moves);
    const next = play(position, column);
    if (next.winner !== null || legalMoves(next).length === 0) break;
    position = next;
  }
  return position;
}

/** The score of playing `column`, by minimax over the rules: a win at once, else minus the child's score. */
function columnScore(position: Position, column: number, oracle: ReturnType<typeof bruteForce>): number {
  const child = play(position, column);
  if (child.winner !== null) return Math.floor((position.width * position.height + 2 - child.moves.length) / 2);
  return 0 - oracle.score(child);
}

/** Every column's score by minimax, as the generator labels it (null for a full column), through `view`. */
function expectedColumns(position: Position, oracle: ReturnType<typeof bruteForce>, view: (score: number) => number = (score) => score): (number | null)[] {
  return [...Array(position.width).keys()].map((column) => (legalMoves(position).includes(column) ? view(columnScore(position, column, oracle)) : null));
}

describe('the learned player', () => {
  const data = join(folder, 'positions.txt');
  const model = join(folder, 'model.onnx');
  /** The small training of the float model and of its 8-bit twin. */
  const training = ['--data', data, '--epochs', '4', '--channels', '16', '--layers', '3', '--half'];

  it("labels its positions with every column's exact score", () => {
    execFileSync('node', ['dist-node/connect4-positions.mjs', '--out', data, '--sizes', '4x4:14,5x4:10', '--seed', '7', '--workers', '1'], { stdio: 'pipe' });
    const labelled = readLabelled(readFileSync(data, 'utf8'));
    expect(labelled.length).toBeGreaterThan(150);
    const oracles = { '4x4': bruteForce(4, 4), '5x4': bruteForce(5, 4) };
    for (const { position, scores } of labelled) {
      const oracle = oracles[`${position.width}x${position.height}` as keyof typeof oracles];
      expect(scores, format(position)).toEqual(expectedColumns(position, oracle));
    }
    // Resumed, it plays no game twice.
    const before = readFileSync(data, 'utf8');
    execFileSync('node', ['dist-node/connect4-positions.mjs', '--out', data, '--sizes', '4x4:14,5x4:10', '--seed', '7', '--workers', '1'], { stdio: 'pipe' });
    expect(readFileSync(data, 'utf8')).toBe(before);
  }, 300_000);

  it("with --weak labels each column's win, draw or loss, and --until ends games early", () => {
    const weak = join(folder, 'weak.txt');
    execFileSync('node', ['dist-node/connect4-positions.mjs', '--out', weak, '--sizes', '5x4:12', '--weak', '--until', '6', '--seed', '3', '--workers', '1'], {
      stdio: 'pipe',
    });
    const labelled = readLabelled(readFileSync(weak, 'utf8'));
    expect(labelled.length).toBeGreaterThan(30);
    const oracle = bruteForce(5, 4);
    for (const { position, scores } of labelled) {
      expect(position.moves.length, format(position)).toBeLessThan(6);
      expect(scores, format(position)).toEqual(expectedColumns(position, oracle, Math.sign));
    }
  }, 300_000);

  it('trains a small net whose loss falls, exported to ONNX', () => {
    const report = join(folder, 'model.json');
    execFileSync(PYTHON, ['scripts/train_connect4.py', ...training, '--out', model, '--report', report], { stdio: 'pipe' });
    const figures = JSON.parse(readFileSync(report, 'utf8'));
    expect(figures.losses).toHaveLength(4);
    expect(figures.losses[3]).toBeLessThan(figures.losses[0]);
    expect(figures.positions + figures.held_out).toBeGreaterThan(150);
    // Each held-out size's figures, read once and both ways, are shares.
    const shares = Object.values(figures.accuracy as Record<string, Record<string, number>>);
    expect(shares.length).toBeGreaterThan(0);
    for (const size of shares)
      for (const key of ['top_move_keeps_value', 'both_ways_keeps_value']) expect(size[key]).toSatisfy((x: number) => x >= 0 && x <= 1);
    // Half precision: two bytes a weight and the graph around them (single precision would take four).
    expect(statSync(model).size).toBeGreaterThan(2 * figures.parameters);
    expect(statSync(model).size).toBeLessThan(3 * figures.parameters);
    // The run is over: no checkpoint left beside the model.
    expect(existsSync(join(folder, 'model.checkpoint.pt'))).toBe(false);
  }, 300_000);

  it('resumes a training stopped by a crash after its last whole epoch, to the same model', async () => {
    const settings = '--epochs 60 --batch 8 --channels 8 --layers 2 --threads 1'.split(' ');
    const args = (out: string) => ['scripts/train_connect4.py', '--data', data, '--out', out, ...settings];
    const whole = join(folder, 'whole.onnx');
    execFileSync(PYTHON, args(whole), { stdio: 'pipe' });
    const stopped = join(folder, 'stopped.onnx');
    // Killed (no chance to tidy up) once it reports its second epoch, which it saved before reporting it.
    const child = spawn(PYTHON, args(stopped), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('epoch 2:')) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve());
    });
    expect(output).not.toContain('wrote');
    const resumed = execFileSync(PYTHON, args(stopped), { encoding: 'utf8' });
    expect(resumed).toMatch(/resumed from .* after epoch [2-9]/);
    expect(readFileSync(stopped)).toEqual(readFileSync(whole));
  }, 300_000);

  it('plays legal moves on every board size through onnxruntime-web', async () => {
    const net = await NeuralNet.load(readFileSync(model));
    const rng = new Rng(3);
    for (const { width, height } of SIZES) {
      const positions = [0, 3, width * height - 2].map((plies) => randomPosition(width, height, plies, rng));
      const evaluations = await net.evaluate(positions);
      for (const [i, { policy, value }] of evaluations.entries()) {
        const legal = legalMoves(positions[i]);
        expect(policy, format(positions[i])).toHaveLength(width);
        expect(policy.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
        for (const [column, p] of policy.entries()) expect(p > 0, `${format(positions[i])} column ${column + 1}`).toBe(legal.includes(column));
        expect(Math.abs(value)).toBeLessThanOrEqual(1);
      }
    }
  }, 120_000);

  it('runs its residual convolutions in 8-bit integers with --int8, reading positions as the float net does', async () => {
    const int8 = join(folder, 'int8.onnx');
    // The same training as the float model's above (same data, seed and settings), exported with integer convolutions.
    execFileSync(PYTHON, ['scripts/train_connect4.py', ...training, '--out', int8, '--int8'], { stdio: 'pipe' });
    expect(JSON.parse(readFileSync(join(folder, 'int8.json'), 'utf8')).int8).toBe(true);
    expect(statSync(int8).size).toBeLessThan(statSync(model).size);
    const [float, integer] = await Promise.all([NeuralNet.load(readFileSync(model)), NeuralNet.load(readFileSync(int8))]);
    const labelled = readLabelled(readFileSync(data, 'utf8')).map(({ position }) => position);
    for (const width of [4, 5]) {
      const positions = labelled.filter((position) => position.width === width);
      expect(positions.length).toBeGreaterThan(50);
      const [expected, actual] = await Promise.all([float.evaluate(positions), integer.evaluate(positions)]);
      // 8-bit rounding moves a probability or the value by a little; a wrong scale or bias would move them by far more.
      for (const [i, { policy, value }] of actual.entries()) {
        expect(Math.abs(value - expected[i].value), format(positions[i])).toBeLessThan(0.03);
        for (const [column, p] of policy.entries()) expect(Math.abs(p - expected[i].policy[column]), format(positions[i])).toBeLessThan(0.03);
      }
    }
  }, 300_000);

  it('reads a position into the same planes in the trainer as in the player', () => {
    const rng = new Rng(11);
    const positions = [
      [7, 6],
      [4, 4],
      [8, 7],
      [12, 4],
    ].flatMap(([width, height]) => [0, 5, 17].map((plies) => randomPosition(width, height, plies, rng)));
    const script = [
      'import json, sys',
      "sys.path.insert(0, 'scripts')",
      'from train_connect4 import parse_line, planes_of',
      'out = []',
      'for line in sys.stdin.read().splitlines():',
      '    width, height, moves, _ = parse_line(line)',
      '    out.append(planes_of(width, height, moves).flatten().tolist())',
      'print(json.dumps(out))',
    ].join('\n');
    const input = positions.map((position) => `${format(position) || '-'} ${Array(position.width).fill(0).join(' ')}`).join('\n');
    const trainer: number[][] = JSON.parse(execFileSync(PYTHON, ['-c', script], { input, encoding: 'utf8' }));
    expect(trainer.map((planes) => planes.join(''))).toEqual(positions.map((position) => Array.from(planesOf(position)).join('')));
  });
});
