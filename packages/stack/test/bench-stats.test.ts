import { describe, expect, it } from 'vitest';
import {
  ceilingVerdict,
  differenceInterval,
  formatInterval,
  intervalVerdict,
  normalQuantile,
  ratioInterval,
  tQuantile,
  valuesInterval,
} from '../src/bench/stats';

describe('bench statistics', () => {
  it('gives the normal and t quantiles of the tables', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.005)).toBeCloseTo(-2.575829, 5);
    // Student t, two-sided 95 % (0.975 quantile), from the standard tables.
    for (const [df, t] of [
      [1, 12.7062],
      [2, 4.3027],
      [3, 3.1824],
      [4, 2.7764],
      [9, 2.2622],
      [11, 2.201],
      [29, 2.0452],
      [120, 1.9799],
    ] as const) {
      expect(tQuantile(0.975, df)).toBeCloseTo(t, 3);
      expect(tQuantile(0.025, df)).toBeCloseTo(-t, 3);
    }
    expect(tQuantile(0.995, 9)).toBeCloseTo(3.2498, 3);
  });

  it('takes the interval of a ratio on the log scale: the geometric mean of the pairs, and a t interval around it', () => {
    const pairs = [1.1, 1.2, 1.0, 1.3, 1.15].map((r) => ({ numerator: 100 * r, denominator: 100 }));
    const interval = ratioInterval(pairs)!;
    const logs = pairs.map((p) => Math.log(p.numerator / p.denominator));
    const mean = logs.reduce((a, b) => a + b) / logs.length;
    const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (logs.length - 1));
    expect(interval.estimate).toBeCloseTo(Math.exp(mean), 10);
    expect(interval.low).toBeCloseTo(Math.exp(mean - 2.7764 * (sd / Math.sqrt(5))), 3);
    expect(interval.high).toBeCloseTo(Math.exp(mean + 2.7764 * (sd / Math.sqrt(5))), 3);
    expect(interval.pairs).toBe(5);
    // A ratio and its inverse have mirrored intervals.
    const inverse = ratioInterval(pairs.map((p) => ({ numerator: p.denominator, denominator: p.numerator })))!;
    expect(inverse.low).toBeCloseTo(1 / interval.high, 10);
  });

  it('gives no interval on too few pairs, and refuses figures that are not positive', () => {
    expect(
      ratioInterval([
        { numerator: 1, denominator: 1 },
        { numerator: 2, denominator: 1 },
        { numerator: 1, denominator: 2 },
      ]),
    ).toBeNull();
    expect(() => ratioInterval([{ numerator: 0, denominator: 1 }])).toThrow(RangeError);
    expect(intervalVerdict(null, { max: 1.2 })).toBe('undecided, run longer');
  });

  it('takes the interval of a mean difference', () => {
    const interval = differenceInterval([3, 1, 2, 2].map((d) => ({ after: 10 + d, before: 10 })))!;
    expect(interval.estimate).toBe(2);
    const half = 3.1824 * Math.sqrt(2 / 3 / 4);
    expect(interval.low).toBeCloseTo(2 - half, 3);
    expect(interval.high).toBeCloseTo(2 + half, 3);
  });

  it('takes the interval of the mean of repeated loads, and leaves a blocking time near its target undecided', () => {
    const loads = valuesInterval([212, 180, 250, 205, 233])!;
    expect(loads.estimate).toBe(216);
    expect(loads.pairs).toBe(5);
    expect(intervalVerdict(loads, { max: 200 })).toBe('undecided, run longer');
    expect(intervalVerdict(valuesInterval([900, 916, 887, 1062, 995]), { max: 200 })).toBe('not met');
    expect(valuesInterval([212, 180, 250])).toBeNull();
    expect(formatInterval(loads, 0, 'loads')).toMatch(/^216 \[\d+, \d+\] \(95 %, 5 loads\)$/);
  });

  it('calls a target met only when the whole interval is inside it, not met only when wholly outside', () => {
    const at = (low: number, high: number) => ({ estimate: (low + high) / 2, low, high, pairs: 10, confidence: 0.95 });
    expect(intervalVerdict(at(0.9, 1.19), { max: 1.2 })).toBe('met');
    expect(intervalVerdict(at(1.21, 1.5), { max: 1.2 })).toBe('not met');
    expect(intervalVerdict(at(1.1, 1.3), { max: 1.2 })).toBe('undecided, run longer');
    expect(intervalVerdict(at(0.8, 0.95), { min: 0.8 })).toBe('met');
    expect(intervalVerdict(at(0.6, 0.79), { min: 0.8 })).toBe('not met');
    expect(intervalVerdict(at(0.7, 0.9), { min: 0.8 })).toBe('undecided, run longer');
    expect(ceilingVerdict(2, 2)).toBe('met');
    expect(ceilingVerdict(2.01, 2)).toBe('not met');
    expect(formatInterval(at(1, 1.5))).toBe('1.25 [1.00, 1.50] (95 %, 10 pairs)');
  });
});
