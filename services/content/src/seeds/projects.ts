import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';
import { DEMO_COHORTS } from './catalog';

type Role = 'PLANNER' | 'DESIGNER' | 'DEVELOPER';
interface SeedProject {
  title: string;
  summary: string;
  description: string;
  cohort: keyof typeof DEMO_COHORTS;
  tags: string[];
  start: string;
  end: string;
  members: [string, Role, string, string | null][];
  links: [string, string][];
}

const P = (alias: string, role: Role, position: string, profileId: string | null = null) =>
  [alias, role, position, profileId] as [string, Role, string, string | null];

const PROJECTS: SeedProject[] = [
  {
    title: '모아보기',
    summary: '흩어진 구독 서비스를 한 화면에서 관리하는 가계부',
    cohort: 'bside9',
    tags: ['핀테크', '웹앱'],
    start: '2025-09-01',
    end: '2025-12-07',
    description:
      '매달 빠져나가는 구독료를 자동으로 모아 보여주고, 해지 시점을 알려 주는 서비스입니다. 14주 동안 사용자 인터뷰 24건을 거쳐 MVP를 출시했고, 베타 사용자 310명을 모았습니다.',
    members: [
      P('민지', 'PLANNER', '서비스 기획', 'minji'),
      P('하늘', 'PLANNER', 'PM'),
      P('서연', 'DESIGNER', 'UX/UI 디자인', 'seoyeon'),
      P('가은', 'DESIGNER', 'BX 디자인'),
      P('준호', 'DEVELOPER', '프론트엔드', 'junho'),
      P('도현', 'DEVELOPER', '백엔드', 'dohyun'),
      P('태윤', 'DEVELOPER', '백엔드'),
      P('수빈', 'DEVELOPER', 'iOS'),
    ],
    links: [
      ['서비스 바로가기', 'https://example.com/moabogi'],
      ['발표 자료', 'https://example.com/moabogi/deck'],
    ],
  },
  {
    title: '동네한끼',
    summary: '1인 가구를 위한 동네 반찬 나눔 플랫폼',
    cohort: 'bside9',
    tags: ['커뮤니티', '모바일'],
    start: '2025-09-01',
    end: '2025-12-07',
    description:
      '남는 반찬을 가까운 이웃과 나누는 위치 기반 서비스입니다. 안전한 거래를 위해 동네 인증과 후기 시스템을 설계했습니다.',
    members: [
      P('지우', 'PLANNER', '서비스 기획', 'jiwoo'),
      P('예린', 'PLANNER', '데이터 분석'),
      P('유나', 'DESIGNER', 'UX/UI 디자인', 'yuna'),
      P('하람', 'DESIGNER', 'UI 디자인'),
      P('현우', 'DEVELOPER', '안드로이드', 'hyunwoo'),
      P('성민', 'DEVELOPER', '백엔드'),
      P('지호', 'DEVELOPER', '프론트엔드'),
      P('은채', 'DEVELOPER', '백엔드'),
    ],
    links: [['앱 소개', 'https://example.com/hanggi']],
  },
  {
    title: '스터디로그',
    summary: '공부 시간을 기록하고 함께 달리는 스터디 타이머',
    cohort: 'bside10',
    tags: ['교육', '생산성'],
    start: '2026-01-05',
    end: '2026-04-12',
    description:
      '스터디 그룹원이 서로의 공부 시간을 실시간으로 확인하며 동기를 얻는 타이머 앱입니다. 주간 리포트와 랭킹 기능을 제공합니다.',
    members: [
      P('태양', 'PLANNER', '서비스 기획', 'taeyang'),
      P('소민', 'PLANNER', 'PM'),
      P('소라', 'DESIGNER', 'UX/UI 디자인', 'sora'),
      P('나연', 'DESIGNER', '그래픽 디자인'),
      P('기훈', 'DEVELOPER', '백엔드', 'kihoon'),
      P('우진', 'DEVELOPER', '프론트엔드'),
      P('다은', 'DEVELOPER', 'Flutter'),
      P('시우', 'DEVELOPER', '백엔드'),
    ],
    links: [['서비스 바로가기', 'https://example.com/studylog']],
  },
  {
    title: '펫로그',
    summary: '반려동물 건강 기록과 병원 예약을 한 번에',
    cohort: 'bside10',
    tags: ['헬스케어', '반려동물'],
    start: '2026-01-05',
    end: '2026-04-12',
    description: '접종, 투약, 체중 기록을 남기고 가까운 동물병원 예약까지 이어지는 반려인용 서비스입니다.',
    members: [
      P('민서', 'PLANNER', '서비스 기획'),
      P('재원', 'PLANNER', 'PO'),
      P('채원', 'DESIGNER', 'UX/UI 디자인'),
      P('윤서', 'DESIGNER', 'UX 리서치'),
      P('동혁', 'DEVELOPER', '백엔드'),
      P('지민', 'DEVELOPER', '프론트엔드'),
      P('승우', 'DEVELOPER', 'iOS'),
      P('하윤', 'DEVELOPER', '안드로이드'),
    ],
    links: [['발표 영상', 'https://example.com/petlog/video']],
  },
  {
    title: '출근길 영어',
    summary: '지하철 15분, 하루 한 문장 영어 습관',
    cohort: 'bside10',
    tags: ['교육', '습관'],
    start: '2026-01-05',
    end: '2026-04-12',
    description: '출근 시간에 맞춰 알림을 보내고 15분 분량의 듣기·말하기 과제를 제공하는 학습 서비스입니다.',
    members: [
      P('민지', 'PLANNER', '서비스 기획', 'minji'),
      P('서윤', 'PLANNER', '콘텐츠 기획'),
      P('유나', 'DESIGNER', 'UX/UI 디자인', 'yuna'),
      P('예준', 'DESIGNER', '모션 디자인'),
      P('준호', 'DEVELOPER', '프론트엔드', 'junho'),
      P('건우', 'DEVELOPER', '백엔드'),
      P('수아', 'DEVELOPER', '백엔드'),
    ],
    links: [['서비스 바로가기', 'https://example.com/english']],
  },
  {
    title: '로컬픽',
    summary: '여행자를 위한 동네 주민 추천 지도',
    cohort: 'bside11',
    tags: ['여행', '지도'],
    start: '2026-05-04',
    end: '2026-08-09',
    description: '현지 주민이 직접 추천하는 식당과 산책길을 지도 위에 모아 보여 주는 여행 서비스입니다.',
    members: [
      P('지우', 'PLANNER', '서비스 기획', 'jiwoo'),
      P('다인', 'PLANNER', 'PM'),
      P('서연', 'DESIGNER', 'UX/UI 디자인', 'seoyeon'),
      P('주원', 'DESIGNER', 'UI 디자인'),
      P('도현', 'DEVELOPER', '백엔드', 'dohyun'),
      P('하준', 'DEVELOPER', '프론트엔드'),
      P('연우', 'DEVELOPER', '안드로이드'),
      P('서진', 'DEVELOPER', 'iOS'),
    ],
    links: [['서비스 바로가기', 'https://example.com/localpick']],
  },
  {
    title: '마음일기',
    summary: '감정을 기록하고 패턴을 돌아보는 셀프 케어 다이어리',
    cohort: 'bside11',
    tags: ['헬스케어', '웰니스'],
    start: '2026-05-04',
    end: '2026-08-09',
    description: '하루 세 번 감정을 짧게 기록하면 한 달 단위 패턴을 분석해 주는 다이어리 앱입니다.',
    members: [
      P('태양', 'PLANNER', '서비스 기획', 'taeyang'),
      P('가윤', 'PLANNER', '데이터 분석'),
      P('소라', 'DESIGNER', 'UX/UI 디자인', 'sora'),
      P('이안', 'DESIGNER', '일러스트'),
      P('현우', 'DEVELOPER', '안드로이드', 'hyunwoo'),
      P('지안', 'DEVELOPER', '백엔드'),
      P('로운', 'DEVELOPER', '프론트엔드'),
      P('시아', 'DEVELOPER', '백엔드'),
    ],
    links: [['앱 소개', 'https://example.com/maum']],
  },
  {
    title: '같이장보기',
    summary: '대용량 장보기를 이웃과 나눠 사는 공동구매',
    cohort: 'bside11',
    tags: ['커머스', '커뮤니티'],
    start: '2026-05-04',
    end: '2026-08-09',
    description:
      '창고형 마트 상품을 소분해 이웃과 나눠 사는 공동구매 서비스입니다. 정산 자동화와 픽업 일정 조율 기능을 만들었습니다.',
    members: [
      P('민서', 'PLANNER', '서비스 기획'),
      P('주하', 'PLANNER', 'PM'),
      P('채원', 'DESIGNER', 'UX/UI 디자인'),
      P('도윤', 'DESIGNER', 'BX 디자인'),
      P('기훈', 'DEVELOPER', '백엔드', 'kihoon'),
      P('은호', 'DEVELOPER', '프론트엔드'),
      P('하린', 'DEVELOPER', '백엔드'),
      P('지율', 'DEVELOPER', 'Flutter'),
    ],
    links: [['서비스 바로가기', 'https://example.com/jangbogi']],
  },
  {
    title: '한입레시피',
    summary: '냉장고 재료로 10분 요리 추천',
    cohort: 'potenday2605',
    tags: ['AI', '푸드'],
    start: '2026-05-11',
    end: '2026-05-20',
    description:
      '냉장고 사진을 찍으면 재료를 인식해 10분 안에 만들 수 있는 레시피를 추천하는 서비스입니다. 10일 스프린트 우승 팀입니다.',
    members: [
      P('민지', 'PLANNER', '서비스 기획', 'minji'),
      P('서연', 'DESIGNER', 'UX/UI 디자인', 'seoyeon'),
      P('준호', 'DEVELOPER', '프론트엔드', 'junho'),
      P('도현', 'DEVELOPER', '백엔드', 'dohyun'),
    ],
    links: [['데모 영상', 'https://example.com/recipe/demo']],
  },
  {
    title: '회의록봇',
    summary: '음성 회의를 요약해 할 일로 정리하는 봇',
    cohort: 'potenday2605',
    tags: ['AI', '생산성'],
    start: '2026-05-11',
    end: '2026-05-20',
    description: '회의 녹음을 올리면 핵심 결정과 담당자별 할 일을 자동으로 정리해 메신저로 보내 줍니다.',
    members: [
      P('지우', 'PLANNER', 'PM', 'jiwoo'),
      P('유나', 'DESIGNER', 'UX/UI 디자인', 'yuna'),
      P('기훈', 'DEVELOPER', '백엔드', 'kihoon'),
    ],
    links: [['데모 영상', 'https://example.com/minutes/demo']],
  },
  {
    title: '우리동네 헬스',
    summary: '퇴근 후 함께 운동할 동네 친구 찾기',
    cohort: 'potenday2608',
    tags: ['헬스케어', '커뮤니티'],
    start: '2026-08-10',
    end: '2026-08-19',
    description: '운동 시간과 장소를 맞춰 동네 운동 친구를 연결해 주는 매칭 서비스입니다.',
    members: [
      P('태양', 'PLANNER', '서비스 기획', 'taeyang'),
      P('소라', 'DESIGNER', 'UX/UI 디자인', 'sora'),
      P('현우', 'DEVELOPER', '안드로이드', 'hyunwoo'),
      P('지호', 'DEVELOPER', '백엔드'),
    ],
    links: [['서비스 바로가기', 'https://example.com/health']],
  },
  {
    title: '기획서 리뷰 클럽',
    summary: '현업 기획자가 서로의 기획서를 리뷰하는 커뮤니티',
    cohort: 'planx3',
    tags: ['커리어', '커뮤니티'],
    start: '2026-03-02',
    end: '2026-04-26',
    description:
      '플래너 코스 팀 과제로 만든 기획서 상호 리뷰 커뮤니티입니다. 리뷰 템플릿과 피드백 점수 제도를 설계했습니다.',
    members: [
      P('민서', 'PLANNER', '서비스 기획'),
      P('가윤', 'PLANNER', '데이터 분석'),
      P('지우', 'PLANNER', 'PM', 'jiwoo'),
    ],
    links: [['기획서 보기', 'https://example.com/review-club']],
  },
];

export async function seedProjects(knex: Knex): Promise<void> {
  if ((await countRows(knex('project'))) > 0) return;
  for (const [index, project] of PROJECTS.entries()) {
    const cohort = DEMO_COHORTS[project.cohort];
    const productName = { 1: '14주 팀 프로젝트', 2: '10일 팀 스프린트', 3: '플래너 코스' }[cohort.productId];
    const number = String(index + 1).padStart(2, '0');
    const [row] = await knex('project')
      .insert({
        title: project.title,
        summary: project.summary,
        description: project.description,
        product_id: cohort.productId,
        product_name: productName,
        odd_id: cohort.oddId,
        cohort_name: cohort.name,
        thumbnail_url: `/media/content/project-${number}.svg`,
        thumbnail_width: 640,
        thumbnail_height: 400,
        tags: project.tags,
        start_date: project.start,
        end_date: project.end,
      })
      .returning('project_id');
    const projectId = row.project_id as number;
    await knex('project_member').insert(
      project.members.map(([alias, role, position, profileId], order) => ({
        project_id: projectId,
        sort_order: order,
        user_alias: alias,
        role,
        position_name: position,
        profile_id: profileId,
      })),
    );
    await knex('project_image').insert([
      {
        project_id: projectId,
        sort_order: 0,
        url: `/media/content/project-${number}.svg`,
        width: 640,
        height: 400,
        alt: `${project.title} 대표 화면`,
      },
      {
        project_id: projectId,
        sort_order: 1,
        url: `/media/content/project-${number}-detail.svg`,
        width: 640,
        height: 400,
        alt: `${project.title} 상세 화면`,
      },
    ]);
    await knex('project_link').insert(
      project.links.map(([label, url], order) => ({ project_id: projectId, sort_order: order, label, url })),
    );
  }
}

export const SEED_PROJECT_TITLES = PROJECTS.map((p) => p.title);
