import type { Knex } from 'knex';
import type { ImageRef, TextSection } from '@sq/contracts';
import { countRows } from '@sq/service-kit';
import { DEMO_PRODUCTS } from './catalog';

interface SeedIntro {
  product: (typeof DEMO_PRODUCTS)[keyof typeof DEMO_PRODUCTS];
  summary: string;
  hero: ImageRef;
  sections: TextSection[];
  images: ImageRef[];
}

const hero = (slug: string, alt: string): ImageRef => ({
  url: `/media/content/program-${slug}.svg`,
  width: 1200,
  height: 600,
  alt,
});
const screen = (number: string, title: string): ImageRef => ({
  url: `/media/content/project-${number}.svg`,
  width: 640,
  height: 400,
  alt: `지난 기수 팀이 만든 ${title}`,
});

/**
 * The first text of each program's intro page; operators edit it in the console from then on. The fee, team
 * make-up, eligibility, schedule and refund rules are not typed here: the pages show the programs service's.
 */
const INTROS: SeedIntro[] = [
  {
    product: DEMO_PRODUCTS.bside,
    summary: '기획자, 디자이너, 개발자가 한 팀이 되어 14주 동안 서비스를 기획부터 출시까지 완성해요.',
    hero: hero('bside', '14주 팀 프로젝트: 기획자, 디자이너, 개발자가 함께 만드는 사이드 프로젝트'),
    sections: [
      {
        heading: null,
        paragraphs: [
          '회사 밖에서 처음부터 끝까지 내 서비스를 만들어 보고 싶은 IT 실무자를 위한 온라인 팀 프로젝트예요. 직군별 역량과 목표가 맞는 사람들과 팀을 이뤄, 14주 동안 아이디어를 출시까지 끌고 가요.',
        ],
      },
      {
        heading: '이렇게 진행돼요',
        paragraphs: [
          '모집이 끝나면 신청서에 적어 주신 목표와 관심 분야, 경력을 바탕으로 운영진이 팀을 꾸려요. 팀 빌딩 결과를 발표한 뒤 킥오프 모임에서 팀원들과 처음 만나요.',
          '14주 동안 킥오프를 포함해 네 번의 모임이 있고, 나머지 활동은 팀별로 온라인에서 진행해요. 마지막 모임에서는 팀마다 만든 서비스를 발표해요.',
        ],
      },
      {
        heading: '이런 분께 맞아요',
        paragraphs: [
          '본업에서는 맡기 어려운 역할에 도전해 보고 싶은 분, 다른 직군과 손발을 맞추며 출시 경험을 쌓고 싶은 분, 포트폴리오에 끝까지 완성한 서비스를 더하고 싶은 분께 맞아요.',
        ],
      },
      {
        heading: '완주하면',
        paragraphs: [
          '14주를 완주한 분이 다음 기수에 다시 참여하면 참가비 환급 혜택이 있어요. 자세한 기준은 아래 환불 규정에서 확인해 주세요.',
        ],
      },
    ],
    images: [screen('01', '모아보기'), screen('06', '로컬픽'), screen('07', '마음일기')],
  },
  {
    product: DEMO_PRODUCTS.potenday,
    summary: '10일 동안 팀을 이뤄 아이디어를 동작하는 결과물로 만드는 온라인 스프린트예요.',
    hero: hero('potenday', '10일 팀 스프린트: 아이디어를 열흘 만에 동작하는 결과물로'),
    sections: [
      {
        heading: null,
        paragraphs: [
          '짧고 굵게 몰입하고 싶은 분을 위한 온라인 팀 스프린트예요. 첫날 팀별로 주제를 정하고, 열흘 동안 동작하는 결과물을 만들어 마지막 날 제출해요.',
        ],
      },
      {
        heading: '매일 체크인',
        paragraphs: [
          '스프린트 기간에는 매일 밤 10시까지 그날의 참여 체크인을 남겨요. 오늘 한 일과 내일 할 일을 한 줄씩 적으면 돼요.',
          '이틀 연속으로 체크인하지 않으면 팀에서 제외되니, 바쁜 날에도 한 줄은 꼭 남겨 주세요.',
        ],
      },
      {
        heading: '제출과 시상',
        paragraphs: [
          '마지막 날 오후 3시까지 결과물을 제출하면 심사를 거쳐 시상해요. 상금은 총 60만 원(우승 팀 40만 원, 1인당 최대 10만 원)이에요.',
          '팀마다 최대 100만 원의 클라우드 크레딧을 지원해요.',
        ],
      },
    ],
    images: [screen('09', '한입레시피'), screen('10', '회의록봇')],
  },
  {
    product: DEMO_PRODUCTS.planx,
    summary: '현업 기획자의 VOD 강의와 소규모 팀 과제로 기획 실무를 익히는 유료 코스예요.',
    hero: hero('planx', '플래너 코스: 현업 기획자의 VOD 강의와 팀 과제'),
    sections: [
      {
        heading: null,
        paragraphs: [
          '서비스 기획의 기본기를 실무 방식 그대로 익히는 코스예요. 현업 기획자가 만든 VOD 강의로 배우고, 팀 과제로 실제 서비스 기획서를 완성해요.',
        ],
      },
      {
        heading: 'VOD 강의',
        paragraphs: [
          '강의는 짧은 단위로 나뉘어 있어 수강 기간 동안 원하는 시간에 들을 수 있어요. 수강률은 마이페이지에서 확인할 수 있어요.',
        ],
      },
      {
        heading: '팀 과제와 피드백',
        paragraphs: [
          '과제를 제출하면 현업 기획자 멘토가 기획서마다 서면 피드백을 남겨 드려요. 마지막 주에는 팀별 발표와 함께 종합 피드백이 있어요.',
          '친구 추천과 우수 수료생 환급 혜택은 아래 환불 규정에서 확인해 주세요.',
        ],
      },
    ],
    images: [screen('12', '기획서 리뷰 클럽')],
  },
];

/** Reference content: the three programs' intro pages, once (an empty table), so restarts keep the operators' edits. */
export async function seedProgramIntros(knex: Knex): Promise<void> {
  if ((await countRows(knex('program_intro'))) > 0) return;
  for (const intro of INTROS) {
    const [row] = await knex('program_intro')
      .insert({
        product_id: intro.product.productId,
        product_slug: intro.product.slug,
        product_name: intro.product.name,
        summary: intro.summary,
        hero: JSON.stringify(intro.hero),
        images: JSON.stringify(intro.images),
      })
      .returning('intro_id');
    await knex('program_intro_section').insert(
      intro.sections.map((section, index) => ({
        intro_id: row.intro_id,
        sort_order: index + 1,
        heading: section.heading,
        paragraphs: section.paragraphs,
      })),
    );
  }
}
