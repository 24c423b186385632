import type { ApplicantRole } from './api/applications';

/**
 * The demo applicants every service's development seed agrees on: the programs service seeds their
 * applications, the account service their accounts (no password: nobody signs in as them), the careercard
 * service their cards and the itskill service the check-up results of those who took one. So on `npm start`
 * the operators' console shows people with varied careers, skills, weekly hours and friend requests, and the
 * team matcher's balance and explanations mean something. Deterministic: every fresh database holds the same
 * people. Production seeds no demo data.
 */

/** Their user ids start here, far above the account service's own demo accounts (1 and 2). */
export const DEMO_APPLICANT_FIRST_USER_ID = 90_001;

/** Per demo cohort: planners, designers, developers, and developers who cancelled (the recruit pages count them). */
export const DEMO_COHORT_APPLICANTS: readonly (readonly [
  oddId: number,
  planners: number,
  designers: number,
  developers: number,
  cancelled: number,
])[] = [
  [109, 14, 12, 22, 3],
  [111, 16, 11, 25, 2],
  [112, 9, 5, 13, 2],
  [304, 17, 0, 0, 1],
  [401, 4, 6, 8, 0],
];

/** Cohorts whose product takes friend requests (the 14-week team project, up to 2 friends). */
const FRIEND_COHORTS = new Set([109, 111, 112]);

/**
 * Friend requests by position in the cohort's list (planners, then designers, then developers): mutual
 * pairs and a trio the matcher keeps together when seats allow, one-sided requests it does not bind, and a
 * pair whose planner comes too late for a seat.
 */
const FRIEND_REQUESTS: readonly (readonly [from: number, to: readonly number[]])[] = [
  [0, [14]],
  [14, [0]],
  [9, [15]],
  [15, [9]],
  [2, [10]],
  [10, [2]],
  [20, [21]],
  [21, [20]],
  [4, [11, 16]],
  [11, [4, 16]],
  [16, [4, 11]],
  [5, [22]],
  [12, [1]],
  [24, [3]],
  [8, [26]],
  [26, [8]],
];

export interface DemoApplicant {
  userId: number;
  oddId: number;
  role: ApplicantRole;
  /** Applied and cancelled before team building. */
  cancelled: boolean;
  /** Application order within the cohort (0 first). */
  order: number;
  name: string;
  alias: string;
  careerCardId: string;
  email: string;
  phone: string;
  /** Codes of the careercard service's code groups JOB_GROUP, POSITION, CAREER_YEARS, with their names. */
  jobGroup: string;
  jobGroupName: string;
  position: string;
  positionName: string;
  careerYears: string;
  careerYearsName: string;
  experienceMonths: number;
  weeklyHours: number | null;
  availableTime: string;
  wantToBuild: string;
  /** IT skill check-up total score 0..100; null: never took the check-up. */
  skillScore: number | null;
  friendCareerCardIds: string[];
}

const SURNAMES = [
  '김',
  '이',
  '박',
  '최',
  '정',
  '강',
  '조',
  '윤',
  '장',
  '임',
  '한',
  '오',
  '서',
  '신',
  '권',
  '황',
  '안',
  '송',
  '류',
  '홍',
];
const GIVEN_NAMES: readonly (readonly [string, string])[] = [
  ['서준', 'seojun'],
  ['하은', 'haeun'],
  ['도윤', 'doyun'],
  ['지아', 'jia'],
  ['시우', 'siwoo'],
  ['수아', 'sua'],
  ['예준', 'yejun'],
  ['하린', 'harin'],
  ['주원', 'juwon'],
  ['지유', 'jiyu'],
  ['건우', 'geonwoo'],
  ['채원', 'chaewon'],
  ['현준', 'hyunjun'],
  ['다은', 'daeun'],
  ['지호', 'jiho'],
  ['윤서', 'yunseo'],
  ['우진', 'woojin'],
  ['소율', 'soyul'],
  ['선우', 'sunwoo'],
  ['예린', 'yerin'],
  ['민재', 'minjae'],
  ['나연', 'nayeon'],
  ['재윤', 'jaeyun'],
  ['서윤', 'seoyun'],
  ['은호', 'eunho'],
  ['가은', 'gaeun'],
  ['태민', 'taemin'],
  ['유진', 'yujin'],
  ['승현', 'seunghyun'],
  ['혜원', 'hyewon'],
  ['동하', 'dongha'],
  ['아린', 'arin'],
  ['정우', 'jungwoo'],
  ['세아', 'sea'],
  ['성민', 'sungmin'],
  ['보람', 'boram'],
  ['준서', 'junseo'],
  ['민서', 'minseo'],
  ['한결', 'hangyeol'],
  ['소이', 'soi'],
  ['재희', 'jaehee'],
  ['다인', 'dain'],
  ['규민', 'gyumin'],
  ['채은', 'chaeeun'],
  ['영훈', 'younghoon'],
  ['수빈', 'subin'],
  ['인호', 'inho'],
  ['하윤', 'hayun'],
];
const NICKNAME_PREFIXES: Record<ApplicantRole, readonly string[]> = {
  PLANNER: ['기획하는', '질문많은', '문서장인', '꼼꼼한', '아이디어'],
  DESIGNER: ['그리는', '픽셀장인', '색감좋은', '손그림', '여백있는'],
  DEVELOPER: ['코딩하는', '버그잡는', '커밋하는', '새벽코딩', '리팩터링'],
};
const JOB_GROUPS: Record<ApplicantRole, readonly [code: string, name: string]> = {
  PLANNER: ['JG_PLAN', '기획'],
  DESIGNER: ['JG_DESIGN', '디자인'],
  DEVELOPER: ['JG_DEV', '개발'],
};
/** Positions of each role, the common ones listed more than once. */
const POSITIONS: Record<ApplicantRole, readonly (readonly [code: string, name: string])[]> = {
  PLANNER: [
    ['POS_SERVICE_PLANNING', '서비스 기획'],
    ['POS_PM', 'PM'],
    ['POS_SERVICE_PLANNING', '서비스 기획'],
    ['POS_PO', 'PO'],
    ['POS_DATA_ANALYSIS', '데이터 분석'],
    ['POS_CONTENT', '콘텐츠 기획'],
  ],
  DESIGNER: [
    ['POS_UXUI', 'UX/UI 디자인'],
    ['POS_UXUI', 'UX/UI 디자인'],
    ['POS_UI', 'UI 디자인'],
    ['POS_BX', 'BX 디자인'],
    ['POS_UX_RESEARCH', 'UX 리서치'],
  ],
  DEVELOPER: [
    ['POS_FRONTEND', '프론트엔드'],
    ['POS_BACKEND', '백엔드'],
    ['POS_FRONTEND', '프론트엔드'],
    ['POS_BACKEND', '백엔드'],
    ['POS_IOS', 'iOS'],
    ['POS_ANDROID', '안드로이드'],
    ['POS_FLUTTER', 'Flutter'],
    ['POS_DEVOPS', 'DevOps'],
    ['POS_DATA_ENGINEERING', '데이터 엔지니어'],
  ],
};
const CAREER_BANDS: readonly (readonly [belowMonths: number, code: string, name: string])[] = [
  [6, 'CY_UNDER_6M', '6개월 미만'],
  [12, 'CY_6M_1Y', '6개월 이상 1년 미만'],
  [36, 'CY_1_3Y', '1년 이상 3년 미만'],
  [60, 'CY_3_5Y', '3년 이상 5년 미만'],
  [120, 'CY_5_10Y', '5년 이상 10년 미만'],
  [Infinity, 'CY_10Y_PLUS', '10년 이상'],
];
/** Months of experience: [share of applicants, from, to]; at least the 14-week project's 6 months. */
const CAREER_SPREAD: readonly (readonly [share: number, from: number, to: number])[] = [
  [0.15, 6, 11],
  [0.35, 12, 35],
  [0.25, 36, 59],
  [0.18, 60, 119],
  [0.07, 120, 200],
];
/** Weekly hours; null: the applicant left it blank. */
const WEEKLY_HOURS: readonly (number | null)[] = [6, 8, 10, 10, 12, 15, 15, 20, 20, 25, 30, null, null];
const AVAILABLE_TIMES = [
  '평일 저녁 2시간, 주말 오후',
  '주말 위주로 하루 5시간',
  '평일 점심과 저녁, 주말 오전',
  '화·목 저녁과 일요일 오후',
  '매일 저녁 1~2시간',
  '월·수·금 저녁, 토요일 종일',
];
const IDEAS = [
  '동네 이웃과 중고 육아용품을 나누는 서비스',
  '혼자 사는 사람을 위한 장보기 모임 앱',
  '사이드 프로젝트 회고를 쉽게 쓰는 도구',
  '반려견 산책 친구를 찾는 지도 서비스',
  '스터디 출석과 과제를 한곳에서 관리하는 앱',
  '동네 가게 마감 할인을 알려 주는 서비스',
  '회의록을 요약해 할 일로 바꿔 주는 봇',
  '취미 클래스 후기를 모아 보는 큐레이션',
  '부모님과 함께 쓰는 건강 기록 앱',
  '출퇴근길에 듣는 영어 표현 퀴즈',
];

/** A fixed sequence per applicant (mulberry32), so each person's details never change between seeds. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length) % list.length]!;

function experienceOf(r: () => number): number {
  let share = r();
  for (const [part, from, to] of CAREER_SPREAD) {
    if (share < part) return from + Math.floor(r() * (to - from + 1));
    share -= part;
  }
  return 24;
}

/** Skill grows with experience, with a wide spread; about a third never took the check-up. */
function skillScoreOf(r: () => number, months: number): number | null {
  if (r() < 0.35) return null;
  const expected = Math.min(80, 22 + months * 0.45);
  return Math.max(5, Math.min(98, Math.round(expected + (r() - 0.5) * 36)));
}

/** A nickname (unique, as the account requires): a prefix of the role and the given name, another prefix or a number on a clash. */
function uniqueAlias(taken: Set<string>, prefixes: readonly string[], i: number, given: string): string {
  const candidates = [...prefixes.map((_, k) => `${prefixes[(i + k) % prefixes.length]}${given}`)];
  let alias = candidates.find((c) => !taken.has(c));
  for (let n = 2; !alias; n += 1) alias = [`${candidates[0]}${n}`].find((c) => !taken.has(c));
  taken.add(alias);
  return alias;
}

function buildDemoApplicants(): DemoApplicant[] {
  const people: DemoApplicant[] = [];
  const aliases = new Set<string>();
  let userId = DEMO_APPLICANT_FIRST_USER_ID;
  for (const [oddId, planners, designers, developers, cancelled] of DEMO_COHORT_APPLICANTS) {
    const roles: [ApplicantRole, boolean][] = [
      ...Array.from({ length: planners }, (): [ApplicantRole, boolean] => ['PLANNER', false]),
      ...Array.from({ length: designers }, (): [ApplicantRole, boolean] => ['DESIGNER', false]),
      ...Array.from({ length: developers }, (): [ApplicantRole, boolean] => ['DEVELOPER', false]),
      ...Array.from({ length: cancelled }, (): [ApplicantRole, boolean] => ['DEVELOPER', true]),
    ];
    // Roles apply interleaved, not planners first: a step coprime with the cohort's size spreads them.
    const step = [7, 11, 13, 17].find((s) => roles.length % s !== 0)!;
    const cohort: DemoApplicant[] = roles.map(([role, isCancelled], index) => {
      const i = userId - DEMO_APPLICANT_FIRST_USER_ID;
      const r = random(userId * 2_654_435_761);
      const [given, roman] = GIVEN_NAMES[(i * 17 + Math.floor(i / 48)) % GIVEN_NAMES.length]!;
      const alias = uniqueAlias(aliases, NICKNAME_PREFIXES[role], i, given);
      const careerCardId = `${roman}${i + 1}`;
      const experienceMonths = experienceOf(r);
      const [, careerYears, careerYearsName] = CAREER_BANDS.find(([below]) => experienceMonths < below)!;
      const [position, positionName] = pick(POSITIONS[role], r());
      const person: DemoApplicant = {
        userId,
        oddId,
        role,
        cancelled: isCancelled,
        order: (index * step) % roles.length,
        name: `${SURNAMES[(i * 7 + Math.floor(i / 20)) % SURNAMES.length]}${given}`,
        alias,
        careerCardId,
        email: `${careerCardId}@example.com`,
        phone: `010-${2000 + ((i * 37) % 8000)}-${1000 + ((i * 53) % 9000)}`,
        jobGroup: JOB_GROUPS[role][0],
        jobGroupName: JOB_GROUPS[role][1],
        position,
        positionName,
        careerYears,
        careerYearsName,
        experienceMonths,
        weeklyHours: pick(WEEKLY_HOURS, r()),
        availableTime: pick(AVAILABLE_TIMES, r()),
        wantToBuild: pick(IDEAS, r()),
        skillScore: skillScoreOf(r, experienceMonths),
        friendCareerCardIds: [],
      };
      userId += 1;
      return person;
    });
    if (FRIEND_COHORTS.has(oddId)) {
      for (const [from, to] of FRIEND_REQUESTS) {
        const asker = cohort[from];
        if (!asker || asker.cancelled) continue;
        asker.friendCareerCardIds = to.flatMap((k) => (cohort[k] ? [cohort[k].careerCardId] : []));
      }
    }
    people.push(...cohort);
  }
  return people;
}

export const DEMO_APPLICANTS: readonly DemoApplicant[] = buildDemoApplicants();
