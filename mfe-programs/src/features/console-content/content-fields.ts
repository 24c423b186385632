import { REFUND_CASES, type ContentKind } from '@sq/contracts/api/content-admin';
import { REFUND_CASE_TITLES } from '@sq/contracts/refund-text';
import { ROLE_OPTIONS } from '../../shared/console/labels';

/** The content editor's fields, kind by kind: each a body path, its label, how it is typed and shown. */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'paragraphs'
  | 'sections'
  | 'date'
  | 'number'
  | 'select'
  | 'check'
  | 'product'
  | 'category'
  | 'image'
  | 'lines'
  | 'list'
  | 'cases';

export interface FieldSpec {
  /** The body's path (dotted for nested objects). */
  name: string;
  label: string;
  type: FieldType;
  /** Empty is allowed (null in the body for numbers and choices). */
  optional?: boolean;
  options?: { code: string; name: string }[];
  hint?: string;
  /** `lines`: one object a line, its values separated by `|` in this order (`name?`: empty is null; `name#`: a number; `role`: 기획자, 디자이너, 개발자). */
  columns?: string[];
  /** Shown only while this holds (e.g. a refund answer's parts); a hidden field still keeps what was typed. */
  shownWhen?: (values: ContentValues) => boolean;
}

export type ContentValues = Record<string, string | boolean>;

/** What choices come from elsewhere: the programs (a story's program is kept by name and slug as published) and FAQ categories. */
export interface FormContext {
  products: { productId: number; slug: string; name: string }[];
  categories: { itemId: number; title: string }[];
}

const PARAGRAPHS_HINT = '문단은 빈 줄로 나눠요.';
const isRefundAnswer = (values: ContentValues) => values.kind === 'REFUND';
const SECTIONS_HINT = '## 로 시작하는 줄이 소제목이에요. 문단은 빈 줄로 나눠요.';
const IMAGE_HINT = '이미지 올리기로 올린 파일의 주소나 /media/content/ 이미지 주소예요.';

export const CONTENT_FIELDS: Record<ContentKind, FieldSpec[]> = {
  story: [
    { name: 'title', label: '제목', type: 'text' },
    { name: 'summary', label: '요약', type: 'textarea' },
    { name: 'productId', label: '프로그램', type: 'product' },
    { name: 'cohortName', label: '기수 이름', type: 'text' },
    { name: 'authorAlias', label: '작성자', type: 'text' },
    {
      name: 'authorRole',
      label: '작성자 역할',
      type: 'select',
      options: ROLE_OPTIONS,
    },
    { name: 'authorPosition', label: '작성자 포지션', type: 'text' },
    { name: 'cover.url', label: '표지 이미지', type: 'image', hint: IMAGE_HINT },
    { name: 'cover.width', label: '표지 너비(px)', type: 'number' },
    { name: 'cover.height', label: '표지 높이(px)', type: 'number' },
    { name: 'publishedDate', label: '게시일', type: 'date', hint: '이 날부터 보여요.' },
    { name: 'sections', label: '본문', type: 'sections', hint: SECTIONS_HINT },
  ],
  project: [
    { name: 'title', label: '제목', type: 'text' },
    { name: 'summary', label: '한 줄 소개', type: 'text' },
    { name: 'description', label: '소개', type: 'textarea' },
    { name: 'productId', label: '프로그램', type: 'product' },
    { name: 'oddId', label: '기수 번호', type: 'number' },
    { name: 'cohortName', label: '기수 이름', type: 'text' },
    { name: 'thumbnail.url', label: '대표 이미지', type: 'image', hint: IMAGE_HINT },
    { name: 'thumbnail.width', label: '대표 이미지 너비(px)', type: 'number' },
    { name: 'thumbnail.height', label: '대표 이미지 높이(px)', type: 'number' },
    { name: 'tags', label: '태그', type: 'list', optional: true, hint: '한 줄에 하나씩 적어요.' },
    { name: 'startDate', label: '시작일', type: 'date' },
    { name: 'endDate', label: '종료일', type: 'date' },
    {
      name: 'members',
      label: '팀원',
      type: 'lines',
      columns: ['userAlias', 'role', 'positionName', 'profileId?'],
      hint: '한 줄에 하나씩 "이름 | 역할(기획자, 디자이너, 개발자) | 포지션 | 커리어 카드 ID(선택)"로 적어요.',
    },
    {
      name: 'images',
      label: '화면 이미지',
      type: 'lines',
      optional: true,
      columns: ['url', 'width#', 'height#', 'alt'],
      hint: '한 줄에 하나씩 "이미지 주소 | 너비 | 높이 | 이미지 설명"으로 적어요.',
    },
    {
      name: 'links',
      label: '링크',
      type: 'lines',
      optional: true,
      columns: ['label', 'url'],
      hint: '한 줄에 하나씩 "이름 | https:// 주소"로 적어요.',
    },
  ],
  'program-intro': [
    {
      name: 'productId',
      label: '프로그램',
      type: 'product',
      hint: '참가비, 팀 구성, 일정, 환불 규정은 프로그램 정보에서 가져와요.',
    },
    {
      name: 'summary',
      label: '소개 문구',
      type: 'textarea',
      hint: '제목 아래에 보이고, 홈의 프로그램 카드와 링크 미리보기에도 쓰여요.',
    },
    { name: 'hero.url', label: '대표 이미지', type: 'image', optional: true, hint: IMAGE_HINT },
    { name: 'hero.width', label: '대표 이미지 너비(px)', type: 'number', optional: true },
    { name: 'hero.height', label: '대표 이미지 높이(px)', type: 'number', optional: true },
    {
      name: 'hero.alt',
      label: '대표 이미지 설명',
      type: 'text',
      optional: true,
      hint: '화면 낭독기가 읽어 주는 글이에요.',
    },
    { name: 'sections', label: '본문', type: 'sections', hint: SECTIONS_HINT },
    {
      name: 'images',
      label: '사진',
      type: 'lines',
      optional: true,
      columns: ['url', 'width#', 'height#', 'alt'],
      hint: '본문 아래에 보여요. 한 줄에 하나씩 "이미지 주소 | 너비 | 높이 | 이미지 설명"으로 적어요.',
    },
  ],
  'faq-category': [
    { name: 'name', label: '분류 이름', type: 'text' },
    { name: 'slug', label: '주소 이름', type: 'text', hint: '/faq?category= 뒤에 붙는 영문 이름이에요.' },
    { name: 'productId', label: '프로그램', type: 'product', optional: true },
  ],
  'faq-entry': [
    { name: 'categoryId', label: '분류', type: 'category' },
    { name: 'question', label: '질문', type: 'text' },
    {
      name: 'kind',
      label: '답변 종류',
      type: 'select',
      options: [
        { code: 'TEXT', name: '글' },
        { code: 'REFUND', name: '환불 규정 (프로그램의 규정으로 채워요)' },
      ],
    },
    {
      name: 'productId',
      label: '프로그램',
      type: 'product',
      optional: true,
      hint: '환불 표와 {{fee}} 같은 자리 표시는 이 프로그램의 값으로 채워요.',
    },
    {
      name: 'answer',
      label: '답변',
      type: 'paragraphs',
      hint: `${PARAGRAPHS_HINT} 환불 규정 답변에서는 환불 표 위에 보여요.`,
    },
    {
      name: 'refundCases',
      label: '환불 표에 보여 줄 경우',
      type: 'cases',
      options: REFUND_CASES.map((code) => ({ code, name: REFUND_CASE_TITLES[code] })),
      hint: '표의 기간과 금액은 결제에 쓰이는 프로그램의 환불 규정에서 그대로 가져와요. 여기서는 고칠 수 없어요.',
      shownWhen: isRefundAnswer,
    },
    {
      name: 'answerAfter',
      label: '환불 표 아래 문단',
      type: 'paragraphs',
      optional: true,
      hint: PARAGRAPHS_HINT,
      // Still shown when a non-refund answer has some, so its message can say where they belong.
      shownWhen: (values) => isRefundAnswer(values) || values.answerAfter !== '',
    },
  ],
  banner: [
    {
      name: 'placement',
      label: '위치',
      type: 'select',
      options: [
        { code: 'main', name: '메인' },
        { code: 'gnb', name: '헤더' },
      ],
    },
    { name: 'url', label: '링크', type: 'text', hint: '/로 시작하는 사이트 주소나 https:// 주소예요.' },
    { name: 'alt', label: '이미지 설명', type: 'text', optional: true },
    { name: 'pcImgUrl', label: 'PC 이미지', type: 'image', hint: IMAGE_HINT },
    { name: 'pcImgWidth', label: 'PC 이미지 너비(px)', type: 'number', optional: true },
    { name: 'pcImgHeight', label: 'PC 이미지 높이(px)', type: 'number', optional: true },
    { name: 'moImgUrl', label: '모바일 이미지', type: 'image', hint: IMAGE_HINT },
    { name: 'moImgWidth', label: '모바일 이미지 너비(px)', type: 'number', optional: true },
    { name: 'moImgHeight', label: '모바일 이미지 높이(px)', type: 'number', optional: true },
    { name: 'pcDisplayable', label: 'PC에서 보이기', type: 'check' },
    { name: 'moDisplayable', label: '모바일에서 보이기', type: 'check' },
  ],
  menu: [
    {
      name: 'type',
      label: '종류',
      type: 'select',
      options: [
        { code: 'MAIN', name: '주 메뉴' },
        { code: 'SUB', name: '보조 메뉴' },
        { code: 'OUTLINK', name: '바깥 링크 (https://)' },
        { code: 'SEPARATOR', name: '구분선' },
      ],
    },
    { name: 'title', label: '메뉴 이름', type: 'text', optional: true, hint: '구분선은 비워 두세요.' },
    { name: 'url', label: '링크', type: 'text', optional: true, hint: '/로 시작하는 사이트 주소나 https:// 주소예요.' },
    { name: 'clickable', label: '눌러서 이동', type: 'check' },
    {
      name: 'subMenu',
      label: '하위 메뉴',
      type: 'lines',
      optional: true,
      columns: ['subTitle', 'url', 'badgePath?'],
      hint: '한 줄에 하나씩 "이름 | 링크 | 배지 이미지 주소(선택)"로 적어요.',
    },
  ],
  site: [
    { name: 'chatUrl', label: '채팅 채널', type: 'text', hint: 'https:// 주소예요.' },
    {
      name: 'social',
      label: '소셜 링크',
      type: 'lines',
      optional: true,
      columns: ['name', 'url'],
      hint: '한 줄에 하나씩 "이름 | https:// 주소"로 적어요.',
    },
    { name: 'company.name', label: '회사 이름', type: 'text' },
    { name: 'company.ceo', label: '대표자', type: 'text' },
    { name: 'company.businessNumber', label: '사업자등록번호', type: 'text', hint: '000-00-00000' },
    { name: 'company.address', label: '주소', type: 'text' },
    { name: 'company.email', label: '이메일', type: 'text' },
  ],
  legal: [
    {
      name: 'kind',
      label: '문서',
      type: 'select',
      options: [
        { code: 'terms', name: '이용약관' },
        { code: 'privacy', name: '개인정보 처리방침' },
      ],
    },
    { name: 'version', label: '버전', type: 'number' },
    { name: 'title', label: '제목', type: 'text' },
    { name: 'effectiveDate', label: '시행일', type: 'date', hint: '이 날부터 회원에게 보이는 버전이 돼요.' },
    {
      name: 'sections',
      label: '조항',
      type: 'sections',
      hint: `${SECTIONS_HINT} 환불 조항은 제목 끝에 [환불:상품번호]를 붙여요.`,
    },
  ],
};

/** What a new item starts from. */
export const NEW_CONTENT: Record<ContentKind, unknown> = {
  story: { cover: { url: '', width: 640, height: 400 }, authorRole: 'PLANNER', sections: [] },
  project: { thumbnail: { url: '', width: 640, height: 400 }, tags: [], members: [], images: [], links: [] },
  'program-intro': { hero: null, sections: [], images: [] },
  'faq-category': { productId: null },
  'faq-entry': { kind: 'TEXT', productId: null, refundCases: null, answer: [], answerAfter: [] },
  banner: { placement: 'main', alt: '', pcDisplayable: true, moDisplayable: true },
  menu: { type: 'MAIN', clickable: true, subMenu: [] },
  site: { social: [] },
  legal: { kind: 'terms', sections: [] },
};
