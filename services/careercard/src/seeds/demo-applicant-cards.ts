import type { Knex } from 'knex';
import { DEMO_APPLICANTS, type DemoApplicant } from '@sq/contracts/demo-applicants';

/** Skills a card of each position lists (the demo applicants' cards). */
const SKILLS: Record<string, string[]> = {
  POS_SERVICE_PLANNING: ['서비스 기획', '와이어프레임', 'Figma', 'Notion'],
  POS_PM: ['프로덕트 매니지먼트', '로드맵 설계', 'Jira', 'Slack'],
  POS_PO: ['백로그 관리', '사용자 인터뷰', 'Amplitude'],
  POS_DATA_ANALYSIS: ['SQL', 'GA4', 'Python', '대시보드'],
  POS_CONTENT: ['콘텐츠 기획', 'UX 라이팅', 'Notion'],
  POS_UXUI: ['Figma', '디자인 시스템', '프로토타이핑'],
  POS_UI: ['Figma', 'UI 디자인', '아이콘'],
  POS_BX: ['브랜딩', 'Illustrator', 'Figma'],
  POS_UX_RESEARCH: ['사용성 테스트', '사용자 인터뷰', '리서치 설계'],
  POS_FRONTEND: ['React', 'TypeScript', 'Next.js'],
  POS_BACKEND: ['Node.js', 'PostgreSQL', 'Docker'],
  POS_IOS: ['Swift', 'SwiftUI'],
  POS_ANDROID: ['Kotlin', 'Jetpack Compose'],
  POS_FLUTTER: ['Flutter', 'Dart', 'Firebase'],
  POS_DEVOPS: ['AWS', 'Kubernetes', 'Terraform'],
  POS_DATA_ENGINEERING: ['Python', 'Airflow', 'BigQuery'],
};

const introOf = (a: DemoApplicant) =>
  `${a.positionName} 일을 ${a.careerYearsName} 해 왔어요. 사이드 프로젝트로 ${a.wantToBuild}를 만들어 보고 싶어요.`;

/**
 * The career cards of the demo applicants (`@sq/contracts/demo-applicants`), theirs by user id: their friend
 * requests name these career card IDs. Only into a table without them, so restarts keep edits.
 */
export async function seedDemoApplicantCards(knex: Knex): Promise<void> {
  if (await knex('profile').where({ profile_id: DEMO_APPLICANTS[0]!.careerCardId }).first('profile_id')) return;
  await knex('profile').insert(
    DEMO_APPLICANTS.map((a) => ({
      profile_id: a.careerCardId,
      user_id: a.userId,
      user_name: a.name,
      user_alias: a.alias,
      job_group_code: a.jobGroup,
      position_code: a.position,
      year_code: a.careerYears,
      intro: introOf(a),
      onboarded_at: knex.fn.now(),
    })),
  );
  await knex('profile_skill').insert(
    DEMO_APPLICANTS.flatMap((a) =>
      (SKILLS[a.position] ?? []).map((skill, order) => ({
        profile_id: a.careerCardId,
        sort_order: order,
        skill_name: skill,
      })),
    ),
  );
}
