// Simultaneous-perturbation stochastic approximation (SPSA), as fishtest tunes engine parameters: at each step
// every parameter is pushed up or down at once by c_k (a random sign each, Δ), the configurations θ+cΔ and θ−cΔ
// are measured by a noisy result r (what θ+ scored minus what θ− scored), and θ moves by a_k·r/(c_k·Δ) toward the
// better side. The gains fall with the step k (of N):
//
//   c_k = c / (k+1)^γ, a_k = a / (A+k+1)^α,   α = 0.602, γ = 0.101, A = N/10 (Spall's values),
//
// set per parameter from its range: the last step's perturbation is c_end = (max−min)/20 (at least 1) and its gain
// a_end = r_end·c_end² (so c = c_end·N^γ and a = a_end·(A+N)^α), with r_end 0.1 by default: fishtest's 0.002 is
// for tens of thousands of steps, a playground run makes hundreds. θ is kept as real numbers within the ranges; a
// bot plays θ±c_kΔ rounded to the nearest integer (its parameters are integers), and the values tuned are θ
// rounded.

import type { Rng } from '../contracts/rng';

export interface SpsaParam {
  readonly name: string;
  readonly min: number;
  readonly max: number;
}

export interface SpsaSettings {
  readonly params: readonly SpsaParam[];
  /** The number of steps N. */
  readonly steps: number;
  /** r_end: the last step's learning rate over c_end² (default 0.1). */
  readonly rEnd?: number;
}

export const SPSA_ALPHA = 0.602;
export const SPSA_GAMMA = 0.101;
const C_END_FRACTION = 1 / 20;
/** r_end when none is given. */
export const SPSA_R_END = 0.1;

/** A parameter's SPSA constants, as fishtest lists them. */
export interface SpsaConstants {
  readonly a: number;
  readonly c: number;
  readonly A: number;
  readonly alpha: number;
  readonly gamma: number;
  readonly r_end: number;
  readonly c_end: number;
}

/** One step's two configurations to measure. */
export interface SpsaProbe {
  readonly step: number;
  readonly delta: readonly (1 | -1)[];
  /** Each parameter's perturbation c_k at this step. */
  readonly c: readonly number[];
  readonly plus: Readonly<Record<string, number>>;
  readonly minus: Readonly<Record<string, number>>;
}

export class Spsa {
  /** The parameters' values, real numbers within their ranges. */
  readonly theta: number[];
  private readonly a: number[];
  private readonly c: number[];
  private readonly cEnd: number[];
  private readonly bigA: number;
  private step = 0;

  constructor(
    private readonly settings: SpsaSettings,
    start: Readonly<Record<string, number>>,
  ) {
    const { params, steps } = settings;
    if (!Number.isInteger(steps) || steps < 1) throw new Error(`SPSA needs at least one step, got ${steps}`);
    for (const param of params) if (!(param.max > param.min)) throw new Error(`${param.name}: its range ${param.min}..${param.max} is empty`);
    this.theta = params.map((param) => clamp(start[param.name], param));
    this.bigA = steps / 10;
    // At least 1: a perturbation of under half a unit would round back to θ, and the step would measure nothing.
    this.cEnd = params.map((param) => Math.max(1, (param.max - param.min) * C_END_FRACTION));
    this.c = this.cEnd.map((value) => value * steps ** SPSA_GAMMA);
    this.a = this.cEnd.map((value) => (settings.rEnd ?? SPSA_R_END) * value ** 2 * (this.bigA + steps) ** SPSA_ALPHA);
  }

  /** Each parameter's constants, by name. */
  constants(): Record<string, SpsaConstants> {
    const rEnd = this.settings.rEnd ?? SPSA_R_END;
    return Object.fromEntries(
      this.settings.params.map((param, i) => [
        param.name,
        { a: this.a[i], c: this.c[i], A: this.bigA, alpha: SPSA_ALPHA, gamma: SPSA_GAMMA, r_end: rEnd, c_end: this.cEnd[i] },
      ]),
    );
  }

  get done(): boolean {
    return this.step >= this.settings.steps;
  }

  /** The next step's configurations: signs from `rng`, each value rounded and kept within its range. */
  probe(rng: Rng): SpsaProbe {
    const k = this.step;
    const delta = this.settings.params.map(() => (rng.nextU32() & 1 ? 1 : -1) as 1 | -1);
    const c = this.c.map((value) => value / (k + 1) ** SPSA_GAMMA);
    const at = (sign: 1 | -1) =>
      Object.fromEntries(this.settings.params.map((param, i) => [param.name, Math.round(clamp(this.theta[i] + sign * c[i] * delta[i], param))]));
    return { step: k, delta, c, plus: at(1), minus: at(-1) };
  }

  /** Moves θ by the step's result: what θ+ scored minus what θ− scored. */
  update(probe: SpsaProbe, result: number): void {
    if (probe.step !== this.step) throw new Error(`SPSA step ${probe.step} answered at step ${this.step}`);
    const k = this.step;
    this.settings.params.forEach((param, i) => {
      const ak = this.a[i] / (this.bigA + k + 1) ** SPSA_ALPHA;
      this.theta[i] = clamp(this.theta[i] + (ak * result) / (probe.c[i] * probe.delta[i]), param);
    });
    this.step++;
  }

  /** θ as the parameters' values now (rounded). */
  values(): Record<string, number> {
    return Object.fromEntries(this.settings.params.map((param, i) => [param.name, Math.round(this.theta[i])]));
  }
}

function clamp(value: number, { min, max }: SpsaParam): number {
  return Math.min(max, Math.max(min, value));
}
