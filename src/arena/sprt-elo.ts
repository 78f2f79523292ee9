// The Elo a stopped (or stopping) SPRT reports, as fishtest reports it (stat_util.SPRT_elo with sprt.py and
// brownian.py): the LLR is taken as a Brownian motion with drift between the test's bounds, and the Elo is the
// difference under which the test's observed outcome is as likely to be worse as better (a median-unbiased
// estimate: a test that stops early on luck does not overstate its Elo); the 95% interval's ends are where that
// probability is 2.5% and 97.5%, and the LOS is the probability at 0 Elo. Also the normalized Elo (nElo) fishtest
// shows for pentanomial results: the t-value of the pair scores, with its interval from their skew and kurtosis.

import { brentRoot, normalCdf, Z975 } from './numeric';
import { expectedScore, type Pentanomial, pairMoments, pentanomialShares, PAIR_VALUES, type SprtSettings, sprtBounds } from './sprt';

export interface SprtElo {
  readonly elo: number;
  readonly eloLo: number;
  readonly eloHi: number;
  /** The likelihood of superiority: how likely A is the stronger. */
  readonly los: number;
  /** Normalized Elo and its 95% interval. */
  readonly nelo: number;
  readonly neloLo: number;
  readonly neloHi: number;
}

/** Brownian motion of drift `mu` and variance `sigma2` a unit of time, started at 0, absorbed at a < 0 < b. */
class Brownian {
  constructor(
    private readonly a: number,
    private readonly b: number,
    private readonly mu: number,
    private readonly sigma2: number,
  ) {}

  /** The probability that it ends to the right of (T, y), time running down: a worse outcome for the tester. */
  outcomeCdf(T: number, y: number): number {
    const gamma = this.mu / this.sigma2;
    const A = this.b - this.a;
    // The series converges slowly for short times: Siegmund's approximation then.
    return (this.sigma2 * T) / A ** 2 < 1e-2 || Math.abs(gamma * A) > 15 ? this.siegmund(T, y) : this.series(T, y);
  }

  /** The exact solution as a Fourier series. */
  private series(T: number, yAt: number): number {
    const { mu, sigma2 } = this;
    const A = this.b - this.a;
    const x = -this.a;
    const y = yAt - this.a;
    const gamma = mu / sigma2;
    const lambda = (n: number) => ((n * Math.PI) / A) ** 2 * (sigma2 / 2) + mu ** 2 / sigma2 / 2;
    const t0 = Math.exp(-lambda(1) * T - x * gamma + y * gamma);
    let sum = 0;
    for (let n = 1; n < 100_000; n++) {
      const t1 = Math.exp(-(lambda(n) - lambda(1)) * T);
      const t3 =
        (2 * A * gamma * Math.sin((Math.PI * n * y) / A) - 2 * Math.PI * n * Math.cos((Math.PI * n * y) / A)) / (A ** 2 * gamma ** 2 + Math.PI ** 2 * n ** 2);
      sum += t1 * t3 * Math.sin((n * Math.PI * x) / A);
      if (Math.abs(t0 * t1 * t3) <= 1e-9) break;
    }
    const pre =
      gamma * A > 30
        ? Math.exp(-2 * gamma * x)
        : Math.abs(gamma * A) < 1e-8
          ? (A - x) / A
          : (1 - Math.exp(2 * gamma * (A - x))) / (1 - Math.exp(2 * gamma * A));
    return pre + t0 * sum;
  }

  /** Siegmund's approximation, with Φ's asymptotic expansion where its terms would overflow. */
  private siegmund(T: number, y: number): number {
    const denominator = Math.sqrt(T * this.sigma2);
    const offset = this.mu * T;
    const gamma = this.mu / this.sigma2;
    const { a, b } = this;
    const z = (y - offset) / denominator;
    const za = (-y + offset + 2 * a) / denominator;
    const zb = (y - offset - 2 * b) / denominator;
    const tail = (w: number, bound: number) =>
      gamma * bound >= 5
        ? (-Math.exp(-(w ** 2) / 2 + 2 * gamma * bound) / Math.sqrt(2 * Math.PI)) * (1 / w - 1 / w ** 3)
        : Math.exp(2 * gamma * bound) * normalCdf(w);
    return normalCdf(z) + tail(za, a) - tail(zb, b);
  }
}

/** fishtest's SPRT_elo (logistic Elo) for the pentanomial `counts` under the test's settings. */
export function sprtElo(counts: Pentanomial, settings: SprtSettings): SprtElo {
  const { lower: a, upper: b } = sprtBounds(settings);
  const { total, shares } = pentanomialShares(counts);
  const { mean, variance } = pairMoments(shares);
  const [s0, s1] = [expectedScore(settings.elo0), expectedScore(settings.elo1)];
  /** The LLR's drift a pair and its variance, were the true score `score` (LLR_drift_variance_alt2). */
  const drift = (score: number) => ((score - (s0 + s1) / 2) * (s1 - s0)) / variance;
  const spread = (s1 - s0) ** 2 / variance;
  // The observed end point (T, llr) of the motion, moved back onto a bound it went past.
  let llr = total * drift(mean);
  let T = total;
  if (llr < a) {
    T = a / drift(mean);
    llr = a;
  } else if (llr > b) {
    T = b / drift(mean);
    llr = b;
  }
  const outcome = (elo: number) => new Brownian(a, b, drift(expectedScore(elo)), spread).outcomeCdf(T, llr);
  /** The largest Elo under which the outcome seen has probability below p (sprt.lower_cb). */
  const bound = (p: number) => {
    const middle = (settings.elo0 + settings.elo1) / 2;
    const width = settings.elo1 - settings.elo0;
    for (let n = 30; ; n *= 2) {
      const from = Math.max(middle - n * width, -1000);
      const to = Math.min(middle + n * width, 1000);
      try {
        return brentRoot((elo) => outcome(elo) - (1 - p), from, to);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        if (from > -1000 || to < 1000) continue;
        return outcome(from) - (1 - p) > 0 ? to : from;
      }
    }
  };
  return { elo: bound(0.5), eloLo: bound(0.025), eloHi: bound(0.975), los: outcome(0), ...normalizedElo(total, shares, mean, variance) };
}

/** The pentanomial nElo fishtest shows, and its 95% interval (t_conf on the pair scores' moments). */
function normalizedElo(total: number, shares: readonly number[], mean: number, variance: number): Pick<SprtElo, 'nelo' | 'neloLo' | 'neloHi'> {
  const moment = (power: number) => shares.reduce((sum, share, k) => sum + share * (PAIR_VALUES[k] - mean) ** power, 0);
  const skewness = moment(3) / variance ** 1.5;
  const excessKurtosis = moment(4) / variance ** 2 - 3;
  const t = (mean - 0.5) / Math.sqrt(variance);
  const tVariance = Math.max(1 - t * skewness + 0.25 * t ** 2 * (excessKurtosis + 2), 0);
  // nElo = 800/ln 10 · t a game; a pair's t is √2 a game's.
  const perT = 800 / Math.LN10 / Math.SQRT2;
  const half = perT * Z975 * Math.sqrt(tVariance / total);
  return { nelo: perT * t, neloLo: perT * t - half, neloHi: perT * t + half };
}
