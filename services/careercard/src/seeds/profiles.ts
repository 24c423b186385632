import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';

/**
 * Past projects published by the content service, by the id its seed gives them (rows 1..12 in its order)
 * and the period it shows. Only demo data refers to them; at run time the card keeps the id as entered.
 */
const PAST = {
  moabogi: { id: 1, title: '모아보기', start: '2025-09-01', end: '2025-12-07' },
  hanggi: { id: 2, title: '동네한끼', start: '2025-09-01', end: '2025-12-07' },
  studylog: { id: 3, title: '스터디로그', start: '2026-01-05', end: '2026-04-12' },
  english: { id: 5, title: '출근길 영어', start: '2026-01-05', end: '2026-04-12' },
  localpick: { id: 6, title: '로컬픽', start: '2026-05-04', end: '2026-08-09' },
  maum: { id: 7, title: '마음일기', start: '2026-05-04', end: '2026-08-09' },
  jangbogi: { id: 8, title: '같이장보기', start: '2026-05-04', end: '2026-08-09' },
  recipe: { id: 9, title: '한입레시피', start: '2026-05-11', end: '2026-05-20' },
  minutes: { id: 10, title: '회의록봇', start: '2026-05-11', end: '2026-05-20' },
  health: { id: 11, title: '우리동네 헬스', start: '2026-08-10', end: '2026-08-19' },
  reviewClub: { id: 12, title: '기획서 리뷰 클럽', start: '2026-03-02', end: '2026-04-26' },
} as const;

type Past = keyof typeof PAST;
/** A project on the platform (role as shown on the card) or one from the member's own work. */
type SeedProject =
  [Past, string] | { title: string; role: string; start: string; end: string | null; description: string };

interface SeedProfile {
  profileId: string;
  /** The member's name and nickname: for the account's demo accounts (below) the very ones the account keeps. */
  name: string;
  alias: string;
  jobGroup: 'JG_PLAN' | 'JG_DESIGN' | 'JG_DEV';
  position: string;
  years: string;
  intro: string;
  skills: string[];
  projects: SeedProject[];
}

const PROFILES: SeedProfile[] = [
  {
    profileId: 'minji',
    name: '김민지',
    alias: '민지',
    jobGroup: 'JG_PLAN',
    position: 'POS_SERVICE_PLANNING',
    years: 'CY_3_5Y',
    intro:
      '핀테크 스타트업에서 4년째 서비스 기획을 하고 있어요. 사용자 인터뷰로 문제를 좁히고, 작은 실험으로 빠르게 검증하는 일을 좋아합니다.',
    skills: ['서비스 기획', '사용자 인터뷰', 'Figma', 'SQL', 'Notion', 'Jira'],
    projects: [
      ['moabogi', '서비스 기획'],
      ['english', '서비스 기획'],
      ['recipe', '서비스 기획'],
      {
        title: '사내 정산 어드민 개편',
        role: '서비스 기획',
        start: '2024-03-04',
        end: '2024-08-30',
        description: '수기로 하던 월말 정산을 어드민으로 옮겨 처리 시간을 70% 줄였습니다.',
      },
    ],
  },
  {
    profileId: 'junho',
    name: '이준호',
    alias: '준호',
    jobGroup: 'JG_DEV',
    position: 'POS_FRONTEND',
    years: 'CY_3_5Y',
    intro:
      'React와 TypeScript로 커머스 웹을 만드는 프론트엔드 개발자입니다. 접근성과 성능을 함께 챙기는 화면을 만들고 싶어요.',
    skills: ['React', 'TypeScript', 'Next.js', 'Jotai', '웹 접근성'],
    projects: [
      ['moabogi', '프론트엔드'],
      ['english', '프론트엔드'],
      ['recipe', '프론트엔드'],
    ],
  },
  {
    profileId: 'seoyeon',
    name: '박서연',
    alias: '서연',
    jobGroup: 'JG_DESIGN',
    position: 'POS_UXUI',
    years: 'CY_1_3Y',
    intro:
      '에이전시에서 2년 동안 앱 리뉴얼을 맡았어요. 데이터를 보고 화면을 고치는 과정을 좋아하는 UX/UI 디자이너입니다.',
    skills: ['Figma', '디자인 시스템', '프로토타이핑', '사용성 테스트'],
    projects: [
      ['moabogi', 'UX/UI 디자인'],
      ['localpick', 'UX/UI 디자인'],
      ['recipe', 'UX/UI 디자인'],
    ],
  },
  {
    profileId: 'dohyun',
    name: '최도현',
    alias: '도현',
    jobGroup: 'JG_DEV',
    position: 'POS_BACKEND',
    years: 'CY_5_10Y',
    intro: '결제와 정산 도메인에서 6년째 백엔드를 만들고 있습니다. 장애 없이 조용히 돌아가는 시스템이 목표예요.',
    skills: ['Kotlin', 'Spring Boot', 'PostgreSQL', 'Kafka', 'AWS'],
    projects: [
      ['moabogi', '백엔드'],
      ['localpick', '백엔드'],
      ['recipe', '백엔드'],
    ],
  },
  {
    profileId: 'jiwoo',
    name: '정지우',
    alias: '지우',
    jobGroup: 'JG_PLAN',
    position: 'POS_PM',
    years: 'CY_1_3Y',
    intro: '로컬 커뮤니티 서비스의 PM입니다. 팀이 같은 그림을 보도록 문서와 회의를 설계하는 일에 자신 있어요.',
    skills: ['프로덕트 매니지먼트', '로드맵 설계', 'Amplitude', 'Notion', 'Slack'],
    projects: [
      ['hanggi', '서비스 기획'],
      ['localpick', '서비스 기획'],
      ['minutes', 'PM'],
      ['reviewClub', 'PM'],
    ],
  },
  {
    profileId: 'hyunwoo',
    name: '강현우',
    alias: '현우',
    jobGroup: 'JG_DEV',
    position: 'POS_ANDROID',
    years: 'CY_1_3Y',
    intro: 'Jetpack Compose로 헬스케어 앱을 만드는 안드로이드 개발자입니다. 작은 애니메이션 하나에도 진심이에요.',
    skills: ['Kotlin', 'Jetpack Compose', 'Coroutines', 'Firebase'],
    projects: [
      ['hanggi', '안드로이드'],
      ['maum', '안드로이드'],
      ['health', '안드로이드'],
    ],
  },
  {
    profileId: 'yuna',
    name: '윤유나',
    alias: '유나',
    jobGroup: 'JG_DESIGN',
    position: 'POS_UXUI',
    years: 'CY_3_5Y',
    intro: '교육 서비스에서 학습 경험을 설계하는 디자이너입니다. 복잡한 흐름을 단순한 화면으로 바꾸는 걸 즐겨요.',
    skills: ['Figma', 'UX 라이팅', '정보 구조 설계', 'Protopie'],
    projects: [
      ['hanggi', 'UX/UI 디자인'],
      ['english', 'UX/UI 디자인'],
      ['minutes', 'UX/UI 디자인'],
    ],
  },
  {
    profileId: 'taeyang',
    name: '한태양',
    alias: '태양',
    jobGroup: 'JG_PLAN',
    position: 'POS_SERVICE_PLANNING',
    years: 'CY_6M_1Y',
    intro:
      '에듀테크 회사에서 첫 서비스를 기획하고 있는 1년 차 기획자입니다. 사이드 프로젝트로 0에서 1을 만드는 경험을 쌓고 있어요.',
    skills: ['서비스 기획', '와이어프레임', 'GA4', 'Figma'],
    projects: [
      ['studylog', '서비스 기획'],
      ['maum', '서비스 기획'],
      ['health', '서비스 기획'],
    ],
  },
  {
    profileId: 'sora',
    name: '오소라',
    alias: '소라',
    jobGroup: 'JG_DESIGN',
    position: 'POS_UXUI',
    years: 'CY_1_3Y',
    intro: '브랜드와 제품 디자인을 함께 하는 디자이너예요. 따뜻한 일러스트와 단단한 UI를 같이 만들고 싶습니다.',
    skills: ['Figma', 'Illustrator', '브랜딩', '모션 그래픽'],
    projects: [
      ['studylog', 'UX/UI 디자인'],
      ['maum', 'UX/UI 디자인'],
      ['health', 'UX/UI 디자인'],
    ],
  },
  {
    profileId: 'kihoon',
    name: '서기훈',
    alias: '기훈',
    jobGroup: 'JG_DEV',
    position: 'POS_BACKEND',
    years: 'CY_3_5Y',
    intro:
      'Node.js와 Go로 API 서버를 만드는 백엔드 개발자입니다. 사이드 프로젝트에서는 인프라까지 혼자 책임지는 편이에요.',
    skills: ['Node.js', 'Go', 'PostgreSQL', 'Docker', 'GitHub Actions'],
    projects: [
      ['studylog', '백엔드'],
      ['jangbogi', '백엔드'],
      ['minutes', '백엔드'],
      {
        title: '사내 알림 발송 플랫폼',
        role: '백엔드',
        start: '2026-09-01',
        end: null,
        description: '푸시, 메일, 알림톡 발송을 하나의 큐로 모으는 작업을 하고 있습니다.',
      },
    ],
  },
  {
    profileId: 'operator1',
    name: '운영자',
    alias: '운영팀',
    jobGroup: 'JG_PLAN',
    position: 'POS_PM',
    years: 'CY_5_10Y',
    intro: '프로그램 운영과 팀 빌딩을 맡고 있어요. 궁금한 점은 채팅 상담으로 언제든 물어봐 주세요.',
    skills: ['프로그램 운영', '커뮤니티 매니지먼트'],
    projects: [],
  },
];

const startOf = (project: SeedProject) => (Array.isArray(project) ? PAST[project[0]].start : project.start);

/**
 * The account service's demo accounts (its seed inserts the member, then the admin, into an empty table):
 * their cards are theirs, so the demo member can edit 'minji'.
 */
const DEMO_ACCOUNT_USER_IDS: Record<string, number> = { minji: 1, operator1: 2 };

export async function seedProfiles(knex: Knex): Promise<void> {
  if ((await countRows(knex('profile'))) > 0) return;
  for (const profile of PROFILES) {
    await knex('profile').insert({
      profile_id: profile.profileId,
      user_name: profile.name,
      user_alias: profile.alias,
      job_group_code: profile.jobGroup,
      position_code: profile.position,
      year_code: profile.years,
      intro: profile.intro,
      user_id: DEMO_ACCOUNT_USER_IDS[profile.profileId] ?? null,
      onboarded_at: knex.fn.now(),
    });
    await knex('profile_skill').insert(
      profile.skills.map((skill, order) => ({ profile_id: profile.profileId, sort_order: order, skill_name: skill })),
    );
    if (profile.projects.length === 0) continue;
    // The member's order; the demo lists the newest project first.
    const newestFirst = [...profile.projects].sort((a, b) => startOf(b).localeCompare(startOf(a)));
    await knex('profile_project').insert(
      newestFirst.map((project, order) => {
        if (Array.isArray(project)) {
          const past = PAST[project[0]];
          return {
            profile_id: profile.profileId,
            sort_order: order,
            title: past.title,
            role: project[1],
            start_date: past.start,
            end_date: past.end,
            past_project_id: past.id,
          };
        }
        return {
          profile_id: profile.profileId,
          sort_order: order,
          title: project.title,
          role: project.role,
          start_date: project.start,
          end_date: project.end,
          description: project.description,
        };
      }),
    );
  }
}

export const SEED_PROFILE_IDS = PROFILES.map((p) => p.profileId);
