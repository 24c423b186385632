import { describe, expect, it } from 'vitest';
import { levelOf, scoreCheckup, topPercent, weakestAreas } from '../src/scoring';

describe('scoreCheckup', () => {
  it('weights each question within its area and overall', () => {
    // Area 1: a weight-3 question at 전문가 (4) and a weight-1 question at 입문 (1): 9 of 12 points.
    // Area 2: one weight-2 question at 중급 (3): 4 of 6 points.
    const scoring = scoreCheckup([
      { areaId: 1, weight: 3, score: 4 },
      { areaId: 1, weight: 1, score: 1 },
      { areaId: 2, weight: 2, score: 3 },
    ]);
    expect(scoring.areas).toEqual([
      { areaId: 1, score: 9, maxScore: 12, percent: 75, level: 4 },
      { areaId: 2, score: 4, maxScore: 6, percent: 67, level: 4 },
    ]);
    // 13 of 18 points overall.
    expect(scoring.totalScore).toBe(72);
    expect(scoring.level).toBe(4);
  });

  it('puts all-입문 answers at 0 and level 1, all-전문가 at 100 and level 5', () => {
    expect(
      scoreCheckup([
        { areaId: 1, weight: 2, score: 1 },
        { areaId: 2, weight: 1, score: 1 },
      ]),
    ).toMatchObject({ totalScore: 0, level: 1 });
    expect(
      scoreCheckup([
        { areaId: 1, weight: 2, score: 4 },
        { areaId: 2, weight: 1, score: 4 },
      ]),
    ).toMatchObject({ totalScore: 100, level: 5 });
  });

  it('cuts levels into five equal bands', () => {
    expect([0, 19, 20, 39, 40, 59, 60, 79, 80, 100].map(levelOf)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('lets a heavy question move the score more than a light one', () => {
    const heavyHigh = scoreCheckup([
      { areaId: 1, weight: 3, score: 4 },
      { areaId: 1, weight: 1, score: 1 },
    ]).totalScore;
    const lightHigh = scoreCheckup([
      { areaId: 1, weight: 3, score: 1 },
      { areaId: 1, weight: 1, score: 4 },
    ]).totalScore;
    expect(heavyHigh).toBeGreaterThan(lightHigh);
  });
});

describe('topPercent', () => {
  it('ranks the best of ten in the top 10% and the worst at 100%', () => {
    const scores = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(topPercent(100, scores)).toBe(10);
    expect(topPercent(10, scores)).toBe(100);
    expect(topPercent(50, scores)).toBe(60);
  });

  it('treats ties as sharing the higher rank group and never answers 0%', () => {
    expect(topPercent(80, [80, 80, 80, 80])).toBe(100);
    expect(
      topPercent(
        100,
        Array.from({ length: 300 }, (_, i) => i % 100),
      ),
    ).toBe(1);
  });
});

describe('weakestAreas', () => {
  it('picks the lowest areas first, breaks ties by area order and skips top-level areas', () => {
    const areas = [
      { code: 'A', percent: 40, level: 3, order: 0 },
      { code: 'B', percent: 20, level: 2, order: 1 },
      { code: 'C', percent: 40, level: 3, order: 2 },
      { code: 'D', percent: 95, level: 5, order: 3 },
    ];
    expect(weakestAreas(areas, 2).map((a) => a.code)).toEqual(['B', 'A']);
    expect(weakestAreas(areas, 10).map((a) => a.code)).toEqual(['B', 'A', 'C']);
  });
});
