// The numerics the statistics need, to the precision of the programs they are checked against (fishtest's scipy
// calls): the normal distribution function, and a root of a function that changes sign on an interval.

/** The 97.5% quantile of the standard normal distribution (scipy.stats.norm.ppf(0.975)). */
export const Z975 = 1.959963984540054;

/** erfc(x) for x ≥ 0, to about 1e-15 relative: a series of positive terms below 2.5, a continued fraction above. */
function erfcPositive(x: number): number {
  if (x < 2.5) {
    // erf(x) = 2/√π · e^(−x²) · Σ 2^n x^(2n+1) / (1·3·…·(2n+1))
    let term = x;
    let sum = x;
    for (let n = 1; term > sum * 1e-17; n++) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum;
  }
  // erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), evaluated by Lentz's method.
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let k = 1; k < 500; k++) {
    const a = k / 2;
    d = x + a * d;
    d = d === 0 ? tiny : 1 / d;
    c = x + a / c;
    if (c === 0) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/** The standard normal distribution function Φ. */
export function normalCdf(z: number): number {
  const tail = erfcPositive(Math.abs(z) / Math.SQRT2) / 2;
  return z >= 0 ? 1 - tail : tail;
}

/**
 * A root of `f` between `a` and `b`, where f(a) and f(b) differ in sign, by Brent's method (as scipy's brentq,
 * to its default tolerances); a RangeError when they do not differ.
 */
export function brentRoot(f: (x: number) => number, a: number, b: number, xtol = 2e-12, rtol = 4 * Number.EPSILON): number {
  let fa = f(a);
  let fb = f(b);
  if (fa * fb > 0) throw new RangeError('the function has the same sign at both ends');
  if (fa === 0) return a;
  if (fb === 0) return b;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iteration = 0; iteration < 200; iteration++) {
    if (fb * fc > 0) {
      c = a;
      fc = fa;
      d = e = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      [a, b, c] = [b, c, b];
      [fa, fb, fc] = [fb, fc, fb];
    }
    const tol = (xtol + rtol * Math.abs(b)) / 2;
    const m = (c - b) / 2;
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      // Inverse quadratic interpolation (the secant step when only two points are known).
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}
