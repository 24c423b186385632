import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';

type Question = [body: string, options: [string, string, string, string]];
interface SeedArea {
  code: string;
  name: string;
  description: string;
  jobGroupCode: string | null;
  questions: Question[];
}

/** Options run from 입문 to 전문가 and score 1 to 4 in that order. */
export const AREAS: SeedArea[] = [
  { code: 'PLAN', name: '기획', description: '문제 정의, 요구사항 정리, 우선순위와 성과 측정', jobGroupCode: 'JG_PLAN', questions: [
    ['사용자 문제를 정의할 때 주로 어떤 근거를 사용하나요?', ['개인적인 경험과 직감', '경쟁 서비스 분석', '사용자 인터뷰나 설문 결과', '정량 데이터와 인터뷰를 교차 검증한 결과']],
    ['기능 요구사항 문서(PRD)를 작성해 본 경험이 있나요?', ['작성해 본 적이 없어요', '템플릿을 따라 작성해 봤어요', '팀과 합의하며 작성하고 관리해요', '여러 팀이 기준으로 삼는 문서를 운영해요']],
    ['기능의 우선순위는 어떻게 정하나요?', ['요청이 들어온 순서대로', '중요해 보이는 것부터 감으로', 'RICE, MoSCoW 같은 프레임워크로', '지표 영향과 비용을 수치로 비교해 합의해요']],
    ['출시한 기능의 성과는 어떻게 확인하나요?', ['따로 확인하지 않아요', '사용자 반응을 정성적으로 살펴봐요', '핵심 지표를 정해 대시보드로 추적해요', 'A/B 테스트로 효과를 검증해요']],
    ['화면 설계(와이어프레임)는 어느 수준까지 하나요?', ['글로만 설명해요', '손그림이나 간단한 도구로 그려요', '전체 흐름을 Figma 등으로 설계해요', '예외 상황과 상태까지 인터랙션을 정의해요']],
  ] },
  { code: 'DESIGN', name: '디자인', description: 'UX 리서치, UI 설계, 디자인 시스템과 협업', jobGroupCode: 'JG_DESIGN', questions: [
    ['디자인 시스템을 어느 정도 활용하나요?', ['사용해 본 적이 없어요', '있는 컴포넌트를 가져다 써요', '컴포넌트와 토큰을 직접 만들고 관리해요', '여러 제품에 걸친 시스템을 설계하고 운영해요']],
    ['사용성 테스트를 해 본 경험이 있나요?', ['해 본 적이 없어요', '지인에게 의견을 물어봐요', '과제를 정해 테스트를 진행해요', '정기적으로 테스트를 설계하고 개선으로 연결해요']],
    ['개발자에게 디자인을 어떻게 전달하나요?', ['이미지 파일로 전달해요', 'Figma 링크를 공유해요', '스펙과 상태 정의를 담아 핸드오프해요', '개발 과정에 함께 참여해 QA까지 챙겨요']],
    ['접근성(명도 대비, 스크린 리더 등)을 고려하나요?', ['고려해 본 적이 없어요', '들어 본 적은 있어요', '주요 화면에서 기준을 확인해요', 'WCAG 기준으로 점검하고 가이드를 운영해요']],
    ['프로토타입은 어느 수준까지 만드나요?', ['만들지 않아요', '화면을 연결하는 정도예요', '주요 인터랙션까지 구현해요', '실제 제품에 가까운 프로토타입으로 검증해요']],
  ] },
  { code: 'FRONTEND', name: '프론트엔드', description: '상태 관리, 타입, 성능, 테스트와 배포', jobGroupCode: 'JG_DEV', questions: [
    ['화면의 상태는 어떻게 관리하나요?', ['전역 변수에 담아요', 'props로 전달하는 방식이 대부분이에요', '상태 관리 라이브러리를 사용해요', '서버 상태와 클라이언트 상태를 구분해 설계해요']],
    ['TypeScript를 어느 수준으로 사용하나요?', ['사용하지 않아요', '기본 타입 정도를 써요', '제네릭과 유틸리티 타입을 활용해요', '타입으로 도메인 규칙을 표현하고 공유해요']],
    ['웹 성능 최적화를 해 본 경험이 있나요?', ['신경 써 본 적이 없어요', '이미지 최적화 정도를 해요', '코드 분할과 메모이제이션을 적용해요', 'LCP, INP 같은 지표를 측정하고 개선해요']],
    ['테스트 코드는 얼마나 작성하나요?', ['작성하지 않아요', '가끔 단위 테스트를 써요', '컴포넌트와 통합 테스트를 꾸준히 써요', 'E2E까지 포함한 테스트 전략을 세워요']],
    ['빌드와 배포에는 어떻게 참여하나요?', ['다른 사람이 해 줘요', '정해진 명령으로 배포해요', '번들러 설정을 직접 고칠 수 있어요', 'CI/CD 파이프라인을 구성하고 운영해요']],
  ] },
  { code: 'BACKEND', name: '백엔드', description: 'API 설계, 데이터베이스, 보안, 운영과 확장성', jobGroupCode: 'JG_DEV', questions: [
    ['API를 설계해 본 경험이 있나요?', ['만들어 본 적이 없어요', '예제를 따라 만들어 봤어요', 'REST 원칙과 에러 규약을 지켜 설계해요', '버전 관리와 하위 호환까지 고려해요']],
    ['데이터베이스를 어느 수준으로 다루나요?', ['ORM으로 기본 CRUD를 해요', 'SQL로 조인과 집계를 해요', '인덱스와 실행 계획을 보고 튜닝해요', '트랜잭션 격리 수준과 락을 고려해 설계해요']],
    ['인증과 보안은 어떻게 다루나요?', ['경험이 없어요', '라이브러리로 로그인을 구현해 봤어요', 'JWT와 세션의 차이를 알고 골라 써요', '취약점을 점검하고 대응해 봤어요']],
    ['서비스 운영과 모니터링 경험이 있나요?', ['경험이 없어요', '로그를 확인하는 정도예요', '지표와 알림을 구성해요', '장애 대응과 회고를 주도해요']],
    ['트래픽 증가에 어떻게 대비하나요?', ['고려해 본 적이 없어요', '캐시를 적용해요', '메시지 큐와 비동기 처리를 써요', '여러 인스턴스를 전제로 설계해요']],
  ] },
  { code: 'DATA', name: '데이터', description: 'SQL, 지표 설계, 실험 분석과 데이터 파이프라인', jobGroupCode: null, questions: [
    ['SQL을 어느 정도 다루나요?', ['거의 다루지 못해요', '단순 조회를 해요', '조인과 윈도우 함수를 써요', '복잡한 분석 쿼리를 최적화해요']],
    ['서비스 지표를 정의해 본 경험이 있나요?', ['경험이 없어요', '주어진 지표를 확인해요', '핵심 지표를 직접 정의해요', 'North Star 같은 지표 체계를 설계해요']],
    ['실험 결과는 어떻게 분석하나요?', ['경험이 없어요', '결과 수치만 확인해요', '통계적 유의성을 검정해요', '실험 설계부터 의사결정까지 이끌어요']],
    ['데이터 시각화는 어떻게 하나요?', ['엑셀 차트를 써요', 'BI 도구로 대시보드를 만들어요', '목적에 맞는 시각화를 골라 써요', '데이터로 의사결정을 설득하는 스토리를 만들어요']],
    ['데이터 파이프라인을 다뤄 본 경험이 있나요?', ['경험이 없어요', '필요할 때 수동으로 추출해요', '정기 배치 작업을 구성해요', '이벤트 로그를 설계하고 파이프라인을 구축해요']],
  ] },
];

export const SURVEY = {
  title: 'IT 스킬 체크업 2026',
  description: '기획, 디자인, 프론트엔드, 백엔드, 데이터 다섯 영역의 실무 역량을 스스로 점검하고, 같은 직군 참여자와 비교한 결과를 받아 보세요.',
  estimatedMinutes: 10,
};

/** Inserts the open survey and returns its id (or the existing one's). */
export async function seedSurvey(knex: Knex): Promise<number | null> {
  if ((await countRows(knex('survey'))) > 0) return null;
  const [survey] = await knex('survey')
    .insert({ title: SURVEY.title, description: SURVEY.description, estimated_minutes: SURVEY.estimatedMinutes, status: 'OPEN', opened_at: '2026-09-01T00:00:00+09:00' })
    .returning('survey_id');
  for (const [areaOrder, area] of AREAS.entries()) {
    const [row] = await knex('survey_area')
      .insert({ survey_id: survey.survey_id, code: area.code, name: area.name, description: area.description, job_group_code: area.jobGroupCode, sort_order: areaOrder })
      .returning('area_id');
    for (const [questionOrder, [body, options]] of area.questions.entries()) {
      const [question] = await knex('survey_question').insert({ area_id: row.area_id, sort_order: questionOrder, body }).returning('question_id');
      await knex('question_option').insert(
        options.map((label, order) => ({ question_id: question.question_id, sort_order: order, label, score: order + 1 })),
      );
    }
  }
  return survey.survey_id as number;
}
