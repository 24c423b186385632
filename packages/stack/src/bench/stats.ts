/**
 * The bench's statistics: confidence intervals of paired figures, and the verdicts they support. Pure, no I/O.
 *
 * A paired figure (a page's LCP next to its static copy's, the gateway's throughput next to the direct path's) is
 * measured as interleaved pairs, so a busy moment of the machine falls on both sides of a pair alike. Their ratio is
 * summarised on the log scale (the geometric mean of the pairs' ratios), where a ratio's noise is symmetric, with a
 * Student t interval; a difference (the p99 the gateway adds) with a t interval of the pairs' differences.
 */

/** Fewer pairs than this give no interval (a t interval on two or three pairs is too wide to decide anything). */
export const MIN_PAIRS = 4;

export interface Interval {
  /** The point estimate: the geometric mean of the ratios, or the mean of the differences. */
  estimate: number;
  low: number;
  high: number;
  /** How many pairs it rests on. */
  pairs: number;
  confidence: number;
}

/** What an interval says about a target: met only when all of it is inside, not met only when all of it is outside. */
export type Verdict = 'met' | 'not met' | 'undecided, run longer';

/** A target on one side: the figure must be at most `max`, or at least `min`. */
export type Target = { max: number } | { min: number };

/** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0, 1), got ${p}`);
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/**
 * Student's t quantile with `df` degrees of freedom (Hill's 1970 algorithm 396, accurate to about 1e-6 for the
 * degrees of freedom the bench has; exact closed forms for one and two).
 */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`tQuantile: p must be in (0, 1), got ${p}`);
  if (!(df >= 1)) throw new RangeError(`tQuantile: df must be at least 1, got ${df}`);
  if (p === 0.5) return 0;
  const sign = p < 0.5 ? -1 : 1;
  const twoSided = 2 * Math.min(p, 1 - p);
  if (df === 1) return sign * Math.tan((Math.PI / 2) * (1 - twoSided));
  if (df === 2) return sign * Math.sqrt(2 / (twoSided * (2 - twoSided)) - 2);
  const a = 1 / (df - 0.5);
  const b = 48 / (a * a);
  let c = ((20700 * a) / b - 98) * a - 16;
  c = c * a + 96.36;
  const d = ((94.5 / (b + c) - 3) / b + 1) * Math.sqrt((a * Math.PI) / 2) * df;
  let x = d * twoSided;
  let y = x ** (2 / df);
  if (y > 0.05 + a) {
    x = normalQuantile(twoSided * 0.5);
    y = x * x;
    if (df < 5) c += 0.3 * (df - 4.5) * (x + 0.6);
    c = (((0.05 * d * x - 5) * x - 7) * x - 2) * x + b + c;
    y = (((((0.4 * y + 6.3) * y + 36) * y + 94.5) / c - y - 3) / b + 1) * x;
    y = Math.expm1(a * y * y);
  } else {
    y =
      (((1 / (((df + 6) / (df * y) - 0.089 * d - 0.822) * (df + 2) * 3) + 0.5 / (df + 4)) * y - 1) * (df + 1)) /
        (df + 2) +
      1 / y;
  }
  return sign * Math.sqrt(df * y);
}

/** A t interval of the mean of `values`; null with fewer than MIN_PAIRS values. */
function meanInterval(values: number[], confidence: number): Omit<Interval, 'pairs' | 'confidence'> | null {
  const n = values.length;
  if (n < MIN_PAIRS) return null;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const half = tQuantile(1 - (1 - confidence) / 2, n - 1) * Math.sqrt(variance / n);
  return { estimate: mean, low: mean - half, high: mean + half };
}

/**
 * The interval of the ratio `numerator / denominator` over interleaved pairs: a t interval of the mean log-ratio,
 * taken back to ratios (the geometric mean and its bounds). Null with fewer than MIN_PAIRS pairs; every figure must
 * be positive.
 */
export function ratioInterval(pairs: { numerator: number; denominator: number }[], confidence = 0.95): Interval | null {
  for (const { numerator, denominator } of pairs) {
    if (!(numerator > 0 && denominator > 0))
      throw new RangeError(`ratioInterval: figures must be positive, got ${numerator} / ${denominator}`);
  }
  const logs = meanInterval(
    pairs.map((p) => Math.log(p.numerator / p.denominator)),
    confidence,
  );
  return (
    logs && {
      estimate: Math.exp(logs.estimate),
      low: Math.exp(logs.low),
      high: Math.exp(logs.high),
      pairs: pairs.length,
      confidence,
    }
  );
}

/** The interval of the mean difference `after - before` over interleaved pairs; null with fewer than MIN_PAIRS pairs. */
export function differenceInterval(pairs: { after: number; before: number }[], confidence = 0.95): Interval | null {
  const mean = meanInterval(
    pairs.map((p) => p.after - p.before),
    confidence,
  );
  return mean && { ...mean, pairs: pairs.length, confidence };
}

/**
 * The interval of the mean of repeated measurements of one figure (each load's blocking time): a t interval; null
 * with fewer than MIN_PAIRS measurements.
 */
export function valuesInterval(values: number[], confidence = 0.95): Interval | null {
  const mean = meanInterval(values, confidence);
  return mean && { ...mean, pairs: values.length, confidence };
}

/** The verdict of an interval on a target; no interval (too few pairs) is undecided. */
export function intervalVerdict(interval: Interval | null, target: Target): Verdict {
  if (!interval) return 'undecided, run longer';
  if ('max' in target) {
    if (interval.high <= target.max) return 'met';
    if (interval.low > target.max) return 'not met';
  } else {
    if (interval.low >= target.min) return 'met';
    if (interval.high < target.min) return 'not met';
  }
  return 'undecided, run longer';
}

/** A single figure against a ceiling (a p95 ratio, a buffer budget, a CPU time): 'met' or 'not met'. */
export const ceilingVerdict = (value: number, max: number): Verdict => (value <= max ? 'met' : 'not met');

/** An interval as the bench prints it: `1.08 [0.97, 1.21] (95 %, 12 pairs)`. */
export function formatInterval(interval: Interval | null, digits = 2, counted = 'pairs'): string {
  if (!interval) return `no interval (fewer than ${MIN_PAIRS} ${counted})`;
  return `${interval.estimate.toFixed(digits)} [${interval.low.toFixed(digits)}, ${interval.high.toFixed(digits)}] (${Math.round(interval.confidence * 100)} %, ${interval.pairs} ${counted})`;
}
