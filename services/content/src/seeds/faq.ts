import type { Knex } from 'knex';
import { countRows } from '@sq/service-kit';
import { DEMO_PRODUCTS } from './catalog';

type RefundCase = 'INDIVIDUAL' | 'TEAM_STOP' | 'COMPANY_ENDED' | 'LEFT_AFTER_INVITE' | 'REWARD';
/**
 * [question, answer paragraphs] or, for a refund answer, [question, introduction, { cases, after }]: its
 * table is composed from the programs service's rows for those cases, between the introduction and the
 * closing paragraphs. Fees and team sizes are placeholders for the same reason ({{fee}}, {{teamSize}},
 * {{roles}}, {{maxFriends}}, {{eligibility}}).
 */
type SeedEntry = [question: string, answer: string[], refund?: { cases: RefundCase[]; after?: string[] }];

const CATEGORIES: { slug: string; name: string; productId: number | null; entries: SeedEntry[] }[] = [
  {
    slug: DEMO_PRODUCTS.bside.slug,
    name: DEMO_PRODUCTS.bside.name,
    productId: DEMO_PRODUCTS.bside.productId,
    entries: [
      [
        '누가 참여할 수 있나요?',
        [
          '참여 대상은 {{eligibility}}예요. 지금 재직 중이 아니어도 경력 조건을 채우면 신청할 수 있어요.',
          '경력은 신청서의 경력 연차로 확인하고, 팀 빌딩 과정에서 커리어 카드를 함께 참고해요.',
        ],
      ],
      [
        '팀은 어떻게 구성되나요?',
        [
          '한 팀은 {{teamSize}}으로, {{roles}}을 기준으로 꾸려요. 신청서에 적어 주신 목표와 관심 분야, 경력을 바탕으로 운영진이 팀을 구성합니다.',
          '팀 빌딩 결과는 모집이 끝난 뒤 안내해 드리는 발표일에 알려 드려요.',
        ],
      ],
      [
        '친구와 같은 팀이 될 수 있나요?',
        [
          '네, 신청할 때 함께하고 싶은 친구를 적어 주시면 같은 팀으로 배정해 드려요. 본인을 포함해 최대 {{maxFriends}}까지 함께 신청할 수 있어요.',
          '직군별 자리가 정해져 있어서, 같은 직군의 친구라면 배정이 어려울 수 있어요.',
        ],
      ],
      [
        '참가비는 얼마이고 언제 결제되나요?',
        [
          '참가비는 {{fee}}입니다. 신청할 때는 결제 수단만 등록해 두고(결제 예약), 실제 결제는 최종 팀 빌딩이 끝난 뒤에 이루어져요.',
          '팀이 꾸려지지 않으면 결제 예약은 자동으로 취소되고, 비용은 청구되지 않아요.',
        ],
      ],
      [
        '모임은 몇 번 있나요?',
        [
          '14주 동안 킥오프 모임을 포함해 네 번의 모임이 있어요. 나머지 활동은 팀별로 온라인에서 진행해요.',
          '모임 일정과 장소는 팀 빌딩 결과와 함께 안내해 드려요.',
        ],
      ],
      [
        '신청을 취소하고 싶어요.',
        [
          '팀 빌딩이 시작되기 전에는 마이페이지의 신청 내역에서 직접 취소할 수 있어요.',
          '팀 빌딩이 진행 중일 때는 다른 참가자의 팀 구성에 영향을 주기 때문에, 채팅 상담 채널로 문의해 주세요.',
        ],
      ],
      [
        '중도에 그만두면 환불받을 수 있나요?',
        ['본인 사정으로 참여를 취소하면 아래 기준으로 환불해 드려요. 이용약관의 환불 기준과 같습니다.'],
        {
          cases: ['INDIVIDUAL'],
          after: [
            '팀 빌딩이 시작되기 전에는 마이페이지의 신청 내역에서 직접 취소할 수 있고, 팀 빌딩이 진행 중일 때는 채팅 상담 채널로 취소를 요청해 주세요.',
          ],
        },
      ],
      [
        '팀 활동이 중단되면 환불되나요?',
        ['팀원 이탈 등으로 팀 활동을 더 이어 갈 수 없게 되면, 중단된 주차에 따라 아래와 같이 환불해 드려요.'],
        { cases: ['TEAM_STOP'] },
      ],
      [
        '운영사 사정으로 프로젝트가 끝나면 어떻게 되나요?',
        [
          '회사 사정으로 프로젝트를 더 진행할 수 없게 되면, 프로젝트 시작일부터 지난 기간에 따라 아래와 같이 환불해 드려요.',
        ],
        { cases: ['COMPANY_ENDED'] },
      ],
      [
        '14주를 완주하면 참가비를 돌려받을 수 있나요?',
        ['14주를 완주하고 다음 기수에 다시 참여하시면, 다시 참여한 기수의 16주차에 참가비를 돌려드려요.'],
        { cases: ['REWARD'] },
      ],
    ],
  },
  {
    slug: DEMO_PRODUCTS.potenday.slug,
    name: DEMO_PRODUCTS.potenday.name,
    productId: DEMO_PRODUCTS.potenday.productId,
    entries: [
      [
        '10일 팀 스프린트는 어떻게 진행되나요?',
        [
          '10일 동안 팀을 이뤄 아이디어를 동작하는 결과물로 만드는 온라인 스프린트예요. 첫날 팀별로 주제를 정하고, 마지막 날 결과물을 제출하면 심사를 거쳐 시상해요.',
        ],
      ],
      [
        '팀은 몇 명으로 꾸려지나요?',
        [
          '한 팀은 {{teamSize}}이에요. 신청자를 3명 이상의 매칭 그룹으로 묶은 뒤, 그 안에서 직군이 고르게 섞이도록 팀을 나눠요.',
        ],
      ],
      ['참가비는 얼마인가요?', ['참가비는 {{fee}}이에요. 팀 초대가 확정되면 결제가 진행돼요.']],
      [
        '체크인은 언제, 어떻게 하나요?',
        [
          '스프린트 기간 동안 매일 밤 10시까지 그날의 참여 체크인을 남겨 주세요. 오늘 한 일과 내일 할 일을 한 줄씩 적으면 돼요.',
        ],
      ],
      [
        '체크인을 빠뜨리면 어떻게 되나요?',
        [
          '이틀 연속으로 체크인하지 않으면 팀에서 제외돼요. 하루를 빠뜨렸다면 다음 날에는 꼭 체크인해 주세요.',
          '제외된 뒤에는 다시 팀에 합류할 수 없어요.',
        ],
      ],
      [
        '결과물 제출 마감은 언제인가요?',
        ['마지막 날 오후 3시까지 결과물을 제출해야 해요. 마감 이후에 제출한 결과물은 심사 대상에서 빠져요.'],
      ],
      [
        '상금은 얼마인가요?',
        ['상금은 총 600,000원이에요. 우승 팀에는 400,000원을 드리며, 팀원 1인당 최대 100,000원까지 받을 수 있어요.'],
      ],
      [
        '클라우드 크레딧을 지원받을 수 있나요?',
        ['네, 팀마다 최대 1,000,000원의 클라우드 크레딧을 지원해요. 신청 방법은 팀 초대와 함께 안내해 드려요.'],
      ],
      [
        '환불 규정이 어떻게 되나요?',
        ['본인 사정으로 취소하면 결제일을 기준으로 아래와 같이 환불해 드려요.'],
        {
          cases: ['INDIVIDUAL'],
          after: ['팀 초대를 받은 뒤에 그만두는 경우는 "팀 초대를 받은 뒤 참여가 어려워졌어요." 질문을 확인해 주세요.'],
        },
      ],
      [
        '팀 초대를 받은 뒤 참여가 어려워졌어요.',
        [
          '팀 초대를 받은 뒤에 그만두면 남은 팀원들이 다시 역할을 나눠야 해요. 이 경우에는 아래 기준으로 환불해 드려요.',
        ],
        { cases: ['LEFT_AFTER_INVITE'] },
      ],
    ],
  },
  {
    slug: DEMO_PRODUCTS.planx.slug,
    name: DEMO_PRODUCTS.planx.name,
    productId: DEMO_PRODUCTS.planx.productId,
    entries: [
      [
        '플래너 코스는 어떤 과정인가요?',
        ['현업 기획자가 만든 VOD 강의로 기획 실무를 배우고, 팀 과제로 실제 서비스 기획서를 완성하는 유료 코스예요.'],
      ],
      [
        '누구에게 맞는 과정인가요?',
        ['참여 대상은 {{eligibility}}예요. 기획 실무의 기본기를 다지고 싶은 분께 맞춰 설계했어요.'],
      ],
      [
        '팀 과제는 몇 명이 함께하나요?',
        ['팀 과제는 {{teamSize}}이 함께해요. 혼자 진행하고 싶다면 1인 팀으로도 참여할 수 있어요.'],
      ],
      [
        'VOD 강의는 어떻게 듣나요?',
        [
          '수강 기간 동안 원하는 시간에 언제든 들을 수 있어요. 강의는 짧은 단위로 나뉘어 있어 출퇴근길에도 듣기 좋아요.',
          '수강률은 마이페이지에서 확인할 수 있고, 환불 기준에도 쓰여요.',
        ],
      ],
      ['참가비는 얼마인가요?', ['참가비는 {{fee}}이에요. 신청할 때 결제 수단을 등록하고, 수강이 확정되면 결제돼요.']],
      [
        '친구 추천이나 우수 수료생 혜택이 있나요?',
        ['추천한 친구가 결제를 마치거나, 과제 결과와 참여도를 바탕으로 우수 수료생에 선정되면 아래와 같이 돌려드려요.'],
        { cases: ['REWARD'] },
      ],
      [
        '환불 규정이 어떻게 되나요?',
        ['수강을 취소하면 결제일과 수강 기간이 지난 정도에 따라 아래와 같이 환불해 드려요.'],
        { cases: ['INDIVIDUAL'] },
      ],
      [
        '팀 과제는 어떻게 피드백을 받나요?',
        [
          '과제를 제출하면 현업 기획자 멘토가 기획서마다 서면 피드백을 남겨 드려요. 마지막 주에는 팀별 발표와 함께 종합 피드백이 있어요.',
        ],
      ],
      [
        '수료 기준이 있나요?',
        ['VOD 강의를 끝까지 듣고 팀 과제를 제출하면 수료로 인정해요. 수료증은 마이페이지에서 내려받을 수 있어요.'],
      ],
    ],
  },
  {
    slug: 'general',
    name: '계정·결제',
    productId: null,
    entries: [
      [
        '회원가입은 어떻게 하나요?',
        [
          '이메일로 가입하거나 구글, 카카오, 네이버 계정으로 간편하게 가입할 수 있어요. 가입할 때 닉네임과 커리어 카드 ID 중복 확인, 이용약관과 개인정보 처리방침 동의가 필요해요.',
        ],
      ],
      ['가입하면 포인트를 받을 수 있나요?', ['가입 후 온보딩을 마치면 10,000원 상당의 포인트를 드려요.']],
      [
        '비밀번호를 잊어버렸어요.',
        [
          '로그인 화면의 비밀번호 찾기에서 가입한 이메일과 연락처를 입력하면 비밀번호를 바꿀 수 있는 메일을 보내 드려요.',
        ],
      ],
      [
        '커리어 카드는 무엇인가요?',
        [
          '경력과 기술, 참여한 프로젝트를 한 장에 모아 보여 주는 공개 프로필이에요. 팀 빌딩에 참고되고, 링크로 다른 사람에게 공유할 수도 있어요.',
        ],
      ],
      [
        '결제는 어떤 방법으로 할 수 있나요?',
        [
          '신용카드와 체크카드로 결제할 수 있어요. 신청할 때 결제 수단을 등록해 두고, 프로그램별 결제 시점에 자동으로 결제돼요.',
        ],
      ],
      [
        '회원 탈퇴는 어떻게 하나요?',
        [
          '마이페이지의 내 정보에서 탈퇴할 수 있어요. 진행 중인 프로그램이 있다면 먼저 신청을 취소해 주세요.',
          '탈퇴 후에도 관련 법령에 따라 보관해야 하는 계약·결제 기록은 개인정보 처리방침에 적힌 기간 동안 보관돼요.',
        ],
      ],
    ],
  },
];

export async function seedFaq(knex: Knex): Promise<void> {
  if ((await countRows(knex('faq_category'))) > 0) return;
  for (const [order, category] of CATEGORIES.entries()) {
    const [row] = await knex('faq_category')
      .insert({ slug: category.slug, name: category.name, product_id: category.productId, sort_order: order })
      .returning('category_id');
    await knex('faq_entry').insert(
      category.entries.map(([question, answer, refund], index) => ({
        category_id: row.category_id,
        sort_order: index,
        question,
        answer,
        answer_after: refund?.after ?? [],
        kind: refund ? 'REFUND' : 'TEXT',
        // Entries of a program's category are about that program (placeholders and refund rules).
        product_id: category.productId,
        refund_cases: refund ? refund.cases : null,
      })),
    );
  }
}
