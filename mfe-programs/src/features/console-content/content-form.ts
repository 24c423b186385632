import { ROLE_NAMES, type ApplicantRole } from '@sq/contracts/api/application-states';
import { REFUND_CASES, type ContentKind } from '@sq/contracts/api/content-admin';
import { REFUND_CASE_TITLES } from '@sq/contracts/refund-text';
import { ROLE_OPTIONS } from '../../shared/console/labels';

/**
 * The console's content editor, one form for every kind: each kind lists its fields, and the same two
 * functions turn the typed text into the body the service validates (@sq/contracts/api/content-admin) and
 * back. Long texts are plain text: paragraphs are separated by a blank line, and a section starts with a
 * `## 제목` line (a legal section whose refund schedule comes from a program ends its title with `[환불:상품번호]`).
 */
export type FieldType = 'text' | 'textarea' | 'paragraphs' | 'sections' | 'date' | 'number' | 'select' | 'check' | 'product' | 'category' | 'image' | 'lines' | 'list' | 'cases';

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
    { name: 'members', label: '팀원', type: 'lines', columns: ['userAlias', 'role', 'positionName', 'profileId?'], hint: '한 줄에 하나씩 "이름 | 역할(기획자, 디자이너, 개발자) | 포지션 | 커리어 카드 ID(선택)"로 적어요.' },
    { name: 'images', label: '화면 이미지', type: 'lines', optional: true, columns: ['url', 'width#', 'height#', 'alt'], hint: '한 줄에 하나씩 "이미지 주소 | 너비 | 높이 | 이미지 설명"으로 적어요.' },
    { name: 'links', label: '링크', type: 'lines', optional: true, columns: ['label', 'url'], hint: '한 줄에 하나씩 "이름 | https:// 주소"로 적어요.' },
  ],
  'program-intro': [
    { name: 'productId', label: '프로그램', type: 'product', hint: '참가비, 팀 구성, 일정, 환불 규정은 프로그램 정보에서 가져와요.' },
    { name: 'summary', label: '소개 문구', type: 'textarea', hint: '제목 아래에 보이고, 홈의 프로그램 카드와 링크 미리보기에도 쓰여요.' },
    { name: 'hero.url', label: '대표 이미지', type: 'image', optional: true, hint: IMAGE_HINT },
    { name: 'hero.width', label: '대표 이미지 너비(px)', type: 'number', optional: true },
    { name: 'hero.height', label: '대표 이미지 높이(px)', type: 'number', optional: true },
    { name: 'hero.alt', label: '대표 이미지 설명', type: 'text', optional: true, hint: '화면 낭독기가 읽어 주는 글이에요.' },
    { name: 'sections', label: '본문', type: 'sections', hint: SECTIONS_HINT },
    { name: 'images', label: '사진', type: 'lines', optional: true, columns: ['url', 'width#', 'height#', 'alt'], hint: '본문 아래에 보여요. 한 줄에 하나씩 "이미지 주소 | 너비 | 높이 | 이미지 설명"으로 적어요.' },
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
    { name: 'productId', label: '프로그램', type: 'product', optional: true, hint: '환불 표와 {{fee}} 같은 자리 표시는 이 프로그램의 값으로 채워요.' },
    { name: 'answer', label: '답변', type: 'paragraphs', hint: `${PARAGRAPHS_HINT} 환불 규정 답변에서는 환불 표 위에 보여요.` },
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
    { name: 'subMenu', label: '하위 메뉴', type: 'lines', optional: true, columns: ['subTitle', 'url', 'badgePath?'], hint: '한 줄에 하나씩 "이름 | 링크 | 배지 이미지 주소(선택)"로 적어요.' },
  ],
  site: [
    { name: 'chatUrl', label: '채팅 채널', type: 'text', hint: 'https:// 주소예요.' },
    { name: 'social', label: '소셜 링크', type: 'lines', optional: true, columns: ['name', 'url'], hint: '한 줄에 하나씩 "이름 | https:// 주소"로 적어요.' },
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
    { name: 'sections', label: '조항', type: 'sections', hint: `${SECTIONS_HINT} 환불 조항은 제목 끝에 [환불:상품번호]를 붙여요.` },
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

type Section = { heading: string | null; paragraphs: string[]; refundProductId?: number | null };

const REFUND_MARK = /\s*\[환불:(\d+)\]\s*$/;

function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

function joinParagraphs(paragraphs: unknown): string {
  return Array.isArray(paragraphs) ? paragraphs.join('\n\n') : '';
}

function parseSections(text: string, legal: boolean): Section[] {
  const sections: Section[] = [];
  let current: { heading: string | null; lines: string[] } | null = null;
  const close = () => {
    if (!current) return;
    const mark = current.heading?.match(REFUND_MARK);
    const heading = current.heading === null ? null : current.heading.replace(REFUND_MARK, '');
    const section: Section = { heading, paragraphs: splitParagraphs(current.lines.join('\n')) };
    if (legal) section.refundProductId = mark ? Number(mark[1]) : null;
    if (section.heading !== null || section.paragraphs.length > 0) sections.push(section);
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      close();
      current = { heading: line.slice(3).trim(), lines: [] };
    } else {
      current ??= { heading: null, lines: [] };
      current.lines.push(line);
    }
  }
  close();
  // A legal section needs its title: text before the first `## ` line gets an empty one (its message says so).
  return legal ? sections.map((s) => ({ ...s, heading: s.heading ?? '' })) : sections;
}

function formatSections(sections: unknown): string {
  if (!Array.isArray(sections)) return '';
  return (sections as Section[])
    .map((s) => {
      const mark = s.refundProductId ? ` [환불:${s.refundProductId}]` : '';
      const head = s.heading !== null ? `## ${s.heading}${mark}` : '';
      return [head, joinParagraphs(s.paragraphs)].filter((part) => part !== '').join('\n\n');
    })
    .join('\n\n');
}

const ROLE_CODES: Record<string, string> = Object.fromEntries(Object.entries(ROLE_NAMES).map(([code, name]) => [name, code]));

const column = (spec: string) => ({ key: spec.replace(/[?#]$/, ''), optional: spec.endsWith('?'), numeric: spec.endsWith('#') });

function parseLines(text: string, columns: string[]): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const parts = line.split('|').map((part) => part.trim());
      return Object.fromEntries(
        columns.map(column).map(({ key, optional, numeric }, i) => {
          const part = parts[i] ?? '';
          if (numeric) return [key, part === '' ? undefined : Number(part)];
          if (key === 'role') return [key, ROLE_CODES[part] ?? part];
          return [key, part || (optional ? null : '')];
        }),
      );
    });
}

function formatLines(rows: unknown, columns: string[]): string {
  if (!Array.isArray(rows)) return '';
  return (rows as Record<string, unknown>[])
    .map((row) =>
      columns
        .map(column)
        .map(({ key }) => (row[key] === null || row[key] === undefined ? '' : key === 'role' ? (ROLE_NAMES[String(row[key]) as ApplicantRole] ?? String(row[key])) : String(row[key])))
        .join(' | ')
        .replace(/( \| )+$/, ''),
    )
    .join('\n');
}

function read(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), body);
}

function write(body: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let target = body;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    target[key] = next && typeof next === 'object' ? { ...(next as Record<string, unknown>) } : {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1)!] = value;
}

/** The form's text for a body (a published one, a draft, or NEW_CONTENT). */
export function contentValues(kind: ContentKind, body: unknown): ContentValues {
  const values: ContentValues = {};
  for (const field of CONTENT_FIELDS[kind]) {
    const value = read(body, field.name);
    if (field.type === 'check') values[field.name] = value === true;
    else if (field.type === 'paragraphs') values[field.name] = joinParagraphs(value);
    else if (field.type === 'sections') values[field.name] = formatSections(value);
    else if (field.type === 'lines') values[field.name] = formatLines(value, field.columns ?? []);
    else if (field.type === 'list') values[field.name] = Array.isArray(value) ? value.join('\n') : '';
    else if (field.type === 'cases') values[field.name] = Array.isArray(value) ? value.join(',') : '';
    else values[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/**
 * The body for the typed values, over `base` (what the item had: fields the form does not show, such as a
 * FAQ refund answer's chosen cases, are kept). Nothing is judged here: the contract's schema does that.
 */
export function contentBody(kind: ContentKind, values: ContentValues, base: unknown, context: FormContext): unknown {
  const body: Record<string, unknown> = { ...(base && typeof base === 'object' ? (base as Record<string, unknown>) : {}) };
  for (const field of CONTENT_FIELDS[kind]) {
    const value = values[field.name];
    const text = typeof value === 'string' ? value : '';
    switch (field.type) {
      case 'check':
        write(body, field.name, value === true);
        break;
      case 'paragraphs':
        write(body, field.name, splitParagraphs(text));
        break;
      case 'sections':
        write(body, field.name, parseSections(text, kind === 'legal'));
        break;
      case 'lines':
        write(body, field.name, parseLines(text, field.columns ?? []));
        break;
      case 'list':
        write(
          body,
          field.name,
          text.split('\n').map((line) => line.trim()).filter((line) => line !== ''),
        );
        break;
      case 'cases':
        write(body, field.name, text.split(',').filter((code) => code !== ''));
        break;
      case 'number':
      case 'category':
        write(body, field.name, text.trim() === '' ? (field.optional ? null : undefined) : Number(text));
        break;
      case 'product': {
        const productId = text === '' ? null : Number(text);
        write(body, field.name, productId);
        // Stories and past projects keep the program's name (and a story its slug, for the call-to-action) as published.
        const product = context.products.find((p) => p.productId === productId);
        if (kind === 'story' || kind === 'program-intro') write(body, 'productSlug', product?.slug ?? '');
        if (kind === 'story' || kind === 'project' || kind === 'program-intro') write(body, 'productName', product?.name ?? '');
        break;
      }
      case 'select':
        write(body, field.name, text === '' && field.optional ? null : text);
        break;
      default:
        write(body, field.name, text);
    }
  }
  FINISH[kind]?.(body);
  return body;
}

const blank = (value: unknown) => value === '' || value === null || value === undefined;

/** What a kind's body needs beyond its fields one by one. */
const FINISH: Partial<Record<ContentKind, (body: Record<string, unknown>) => void>> = {
  // No hero image is null, not an empty one; a half-filled one goes to the schema for its messages.
  'program-intro': (body) => {
    const hero = body.hero as Record<string, unknown> | null | undefined;
    if (!hero || Object.values(hero).every(blank)) body.hero = null;
  },
  // Only a refund answer picks cases (the boxes keep their ticks while the answer is plain text).
  'faq-entry': (body) => {
    if (body.kind !== 'REFUND') body.refundCases = null;
  },
};

/** The field a message of the service or of the schema belongs to (`sections.2.paragraphs.0` -> `sections`). */
export function fieldOf(kind: ContentKind, path: string): string {
  const fields = CONTENT_FIELDS[kind].map((f) => f.name).sort((a, b) => b.length - a.length);
  if (path === 'productSlug' || path === 'productName') return 'productId';
  return fields.find((name) => path === name || path.startsWith(`${name}.`)) ?? '_';
}

/** Per-field messages for the form (the first message of each field), `_` for the rest. */
export function formErrors(kind: ContentKind, fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) errors[fieldOf(kind, path)] ??= message;
  return errors;
}

/** The public page with the draft, for the operator (`?preview=` is honoured for operators only). */
export function previewUrl(pagePath: string, token: string): string {
  return `${pagePath}${pagePath.includes('?') ? '&' : '?'}preview=${encodeURIComponent(token)}`;
}
