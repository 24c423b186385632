import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';

const SKILLS: Record<string, [string, number, number | null][]> = {
  PLAN: [
    ['데이터 기반 의사결정', 41.2, 1],
    ['PRD 작성', 38.5, -1],
    ['SQL', 27.9, 2],
    ['AI 서비스 기획', 22.4, null],
    ['A/B 테스트', 19.8, 0],
  ],
  DESIGN: [
    ['Figma', 88.1, 0],
    ['디자인 시스템', 46.3, 1],
    ['프로토타이핑', 35.2, -1],
    ['UX 리서치', 29.6, 0],
    ['모션 디자인', 14.7, 2],
  ],
  FRONTEND: [
    ['React', 79.4, 0],
    ['TypeScript', 72.8, 0],
    ['Next.js', 48.1, 1],
    ['테스트 자동화', 24.5, 3],
    ['웹 접근성', 12.3, null],
  ],
  BACKEND: [
    ['Java/Spring', 61.7, 0],
    ['AWS', 52.2, 0],
    ['Kotlin', 34.9, 1],
    ['Kubernetes', 23.8, -1],
    ['Node.js', 21.5, 0],
  ],
  DATA: [
    ['SQL', 84.6, 0],
    ['Python', 71.3, 0],
    ['BI 대시보드', 39.4, 1],
    ['실험 설계', 21.1, -1],
    ['dbt', 11.8, null],
  ],
};

/** One published monthly report, so the trends screens have data when they are built. */
export async function seedTrends(knex: Knex): Promise<void> {
  if ((await countRows(knex('trend_report'))) > 0) return;
  const [report] = await knex('trend_report')
    .insert({
      title: '2026년 10월 IT 스킬 트렌드',
      period_month: '2026-10-01',
      summary:
        '채용 공고 3,200건을 분석했어요. 기획 직군에서는 AI 서비스 기획이 새로 순위에 올랐고, 프론트엔드에서는 테스트 자동화 요구가 크게 늘었어요.',
      published_at: '2026-11-03T10:00:00+09:00',
    })
    .returning('report_id');
  await knex('trend_skill').insert(
    Object.entries(SKILLS).flatMap(([area, skills]) =>
      skills.map(([name, share, change], index) => ({
        report_id: report.report_id,
        area_code: area,
        skill_name: name,
        rank: index + 1,
        share_percent: share,
        rank_change: change,
      })),
    ),
  );
}
