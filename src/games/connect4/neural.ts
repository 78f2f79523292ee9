// The learned player's network (docs/neural.md), run by onnxruntime-web in the search workers, in the browser and
// in Node alike. It is fully convolutional: one model reads every board size. Its input is four planes of the board
// for the side to move (its stones, the other's, the board's cells, the cell each open column plays into), row 0 at
// the bottom; its outputs a logit per column and a value in [-1, 1] (1: the side to move wins).

import type { InferenceSession } from 'onnxruntime-web/wasm';
import { height, legalMoves, type Position } from './rules';
import { centreOrder } from './solve';

/** The model as the game's resource (src/games/connect4/neural.onnx), trained by scripts/train_connect4.py. */
export const MODEL_FILE = 'connect4/neural.onnx';
export const PLANES = 4;

/** What the network says of a position: a probability per column (0 for a full one), and the value. */
export interface Evaluation {
  readonly policy: readonly number[];
  readonly value: number;
}

/** The network's input for one position: PLANES planes of height x width, row-major, row 0 the bottom. */
export function planesOf(position: Position): Float32Array {
  const { width, height: rows } = position;
  const area = width * rows;
  const planes = new Float32Array(PLANES * area);
  const mine = 1 + (position.moves.length % 2);
  for (let column = 0; column < width; column++) {
    for (let row = 0; row < rows; row++) {
      const stone = position.board[column][row];
      const cell = row * width + column;
      if (stone === mine) planes[cell] = 1;
      else if (stone !== 0) planes[area + cell] = 1;
      planes[2 * area + cell] = 1;
    }
    const filled = height(position, column);
    if (filled < rows) planes[3 * area + filled * width + column] = 1;
  }
  return planes;
}

/** Planes of a board seen in a mirror: each row's cells in reverse order. */
function mirrored(planes: Float32Array, width: number): Float32Array {
  const out = new Float32Array(planes.length);
  for (let row = 0; row < planes.length; row += width) {
    for (let column = 0; column < width; column++) out[row + column] = planes[row + width - 1 - column];
  }
  return out;
}

/** The most likely legal column of a policy, the most central among equals: the network's own move. */
export function topColumn(position: Position, policy: readonly number[]): number {
  const legal = legalMoves(position);
  return centreOrder(position.width)
    .filter((column) => legal.includes(column))
    .reduce((best, column) => (policy[column] > policy[best] ? column : best));
}

/** The legal columns' softmax of the logits (of the mirrored board when `mirror`: column c's is at width - 1 - c); 0 for a full column. */
function policyOf(position: Position, logits: ArrayLike<number>, offset: number, mirror = false): number[] {
  const legal = legalMoves(position);
  const logit = (column: number) => logits[offset + (mirror ? position.width - 1 - column : column)];
  const top = Math.max(...legal.map(logit));
  const policy = Array<number>(position.width).fill(0);
  let sum = 0;
  for (const column of legal) {
    policy[column] = Math.exp(logit(column) - top);
    sum += policy[column];
  }
  return policy.map((p) => p / sum);
}

/** What evaluates positions for a search: the network, or a stand-in in a test. */
export interface Evaluator {
  /** Positions evaluated together are of one size. */
  evaluate(positions: readonly Position[]): Promise<Evaluation[]>;
}

type Runtime = typeof import('onnxruntime-web/wasm');
/** onnxruntime-web (its WebAssembly backend alone), imported on first use: a worker without the learned player never loads it. */
let runtime: Promise<Runtime> | undefined;

/** A loaded model. Positions evaluated together must be of one size (a batch is one tensor). */
export class NeuralNet implements Evaluator {
  private constructor(
    private readonly ort: Runtime,
    private readonly session: InferenceSession,
  ) {}

  /** The model from its bytes; one thread, as a search worker is one. */
  static async load(bytes: ArrayBuffer | Uint8Array): Promise<NeuralNet> {
    runtime ??= import('onnxruntime-web/wasm');
    const ort = await runtime;
    ort.env.wasm.numThreads = 1;
    return new NeuralNet(ort, await ort.InferenceSession.create(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)));
  }

  async evaluate(positions: readonly Position[]): Promise<Evaluation[]> {
    const { logits, values } = await this.run(positions.map(planesOf), positions);
    return positions.map((position, i) => ({ policy: policyOf(position, logits, i * position.width), value: values[i] }));
  }

  /**
   * Each position read as it is and in a mirror (the game is the same seen in one), the two readings' policies and
   * values averaged, in one run: more of its moves keep the value than one reading's (docs/neural.md).
   */
  async evaluateBothWays(positions: readonly Position[]): Promise<Evaluation[]> {
    const planes = positions.flatMap((position) => {
      const own = planesOf(position);
      return [own, mirrored(own, position.width)];
    });
    const { logits, values } = await this.run(planes, positions);
    return positions.map((position, i) => {
      const { width } = position;
      const own = policyOf(position, logits, 2 * i * width);
      const mirror = policyOf(position, logits, (2 * i + 1) * width, true);
      return { policy: own.map((p, column) => (p + mirror[column]) / 2), value: (values[2 * i] + values[2 * i + 1]) / 2 };
    });
  }

  /** The network's logits and values for a batch of planes, of the size of `positions` (one size). */
  private async run(planes: readonly Float32Array[], positions: readonly Position[]): Promise<{ logits: Float32Array; values: Float32Array }> {
    if (positions.length === 0) return { logits: new Float32Array(0), values: new Float32Array(0) };
    const { width, height: rows } = positions[0];
    if (positions.some((position) => position.width !== width || position.height !== rows)) throw new Error('a batch of positions is of one size');
    const area = PLANES * width * rows;
    const input = new Float32Array(planes.length * area);
    for (const [i, plane] of planes.entries()) input.set(plane, i * area);
    const output = await this.session.run({ board: new this.ort.Tensor('float32', input, [planes.length, PLANES, rows, width]) });
    return { logits: output.policy.data as Float32Array, values: output.value.data as Float32Array };
  }
}
