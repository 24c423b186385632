/**
 * Scoring of a check-up, in the service only (the browser never sees option scores or weights).
 *
 * Each option scores 1 (입문) to 4 (전문가). A question counts `weight` times: its points are
 * weight × (score − 1), out of weight × 3. An area's percent and the overall score are the weighted points
 * over the weighted maximum, 0 to 100. Levels cut the percent into five equal bands (0–19 입문 … 80–100 전문가).
 */
export interface ScoredAnswer {
  areaId: number;
  weight: number;
  /** 1 to 4. */
  score: number;
}

export interface AreaScore {
  areaId: number;
  score: number;
  maxScore: number;
  percent: number;
  level: number;
}

export interface Scoring {
  totalScore: number;
  level: number;
  areas: AreaScore[];
}

export const MAX_OPTION_SCORE = 4;

export function levelOf(percent: number): number {
  return Math.min(5, 1 + Math.floor(percent / 20));
}

const percentOf = (points: number, max: number) => (max === 0 ? 0 : Math.round((points * 100) / max));

export function scoreCheckup(answers: ScoredAnswer[]): Scoring {
  const byArea = new Map<number, { points: number; max: number }>();
  let points = 0;
  let max = 0;
  for (const answer of answers) {
    const gained = answer.weight * (answer.score - 1);
    const possible = answer.weight * (MAX_OPTION_SCORE - 1);
    const area = byArea.get(answer.areaId) ?? { points: 0, max: 0 };
    area.points += gained;
    area.max += possible;
    byArea.set(answer.areaId, area);
    points += gained;
    max += possible;
  }
  const totalScore = percentOf(points, max);
  return {
    totalScore,
    level: levelOf(totalScore),
    areas: [...byArea.entries()].map(([areaId, a]) => {
      const percent = percentOf(a.points, a.max);
      return { areaId, score: a.points, maxScore: a.max, percent, level: levelOf(percent) };
    }),
  };
}

/**
 * "상위 N%" among the peers' scores (this result included): the share of peers scoring at least as high,
 * rounded up, so the best of 10 is 상위 10% and a lone participant is 상위 100%.
 */
export function topPercent(myScore: number, peerScores: readonly number[]): number {
  const atLeast = peerScores.filter((s) => s >= myScore).length;
  return Math.max(1, Math.ceil((atLeast * 100) / Math.max(1, peerScores.length)));
}

/**
 * The areas to learn next: the weakest first (ties by the area's order), at most `limit`, and never an area
 * already at the top level.
 */
export function weakestAreas<T extends { percent: number; level: number; order: number }>(
  areas: readonly T[],
  limit: number,
): T[] {
  return [...areas]
    .filter((a) => a.level < 5)
    .sort((a, b) => a.percent - b.percent || a.order - b.order)
    .slice(0, limit);
}
