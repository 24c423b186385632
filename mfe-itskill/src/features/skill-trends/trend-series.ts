import { CAREER_BANDS, type SkillTrends } from '@sq/contracts';

/** Chart rows built from the trends answer (also the rows of the screen-reader tables). */
export const DEMO_MARK = ' (예시)';

export interface Series {
  key: string;
  name: string;
}

/** One row per career band, one column per job group: the average score. */
export function levelRows(trends: SkillTrends): { series: Series[]; rows: Record<string, string | number | null>[] } {
  const series = [...new Map(trends.levels.map((l) => [l.jobGroupCode, l.jobGroupName])).entries()].map(
    ([key, name]) => ({ key, name }),
  );
  const rows = Object.entries(CAREER_BANDS)
    .filter(([band]) => trends.levels.some((l) => l.careerBand === band))
    .map(([band, bandName]) => ({
      band: bandName,
      ...Object.fromEntries(
        series.map((s) => [
          s.key,
          trends.levels.find((l) => l.careerBand === band && l.jobGroupCode === s.key)?.averageScore ?? null,
        ]),
      ),
    }));
  return { series, rows };
}

/** The `perGroup` most-missed areas of each job group (lowest average first). */
export function missedRows(trends: SkillTrends, perGroup: number) {
  const byGroup = new Map<string, typeof trends.missedAreas>();
  for (const area of trends.missedAreas)
    byGroup.set(area.jobGroupCode, [...(byGroup.get(area.jobGroupCode) ?? []), area]);
  return [...byGroup.values()]
    .flatMap((areas) => areas.slice(0, perGroup))
    .map((a) => ({
      label: `${a.jobGroupName} · ${a.areaName}`,
      jobGroupName: a.jobGroupName,
      areaName: a.areaName,
      averagePercent: a.averagePercent,
    }));
}

/** One row per season (oldest first), one column per job group: the average score; demo seasons marked. */
export function changeRows(trends: SkillTrends): { series: Series[]; rows: Record<string, string | number | null>[] } {
  const series = trends.changes.map((c) => ({ key: c.jobGroupCode, name: c.jobGroupName }));
  const rows = trends.seasons.map((season) => ({
    season: `${season.title.replace(/^IT 스킬 체크업 /, '').replace(DEMO_MARK, '')}${season.isDemo ? DEMO_MARK : ''}`,
    ...Object.fromEntries(
      trends.changes.map((c) => [
        c.jobGroupCode,
        c.points.find((p) => p.surveyId === season.surveyId)?.averageScore ?? null,
      ]),
    ),
  }));
  return { series, rows };
}
