import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';
import { OPERATOR_MESSAGES } from '../messages/operators';
import { sitePath } from '../site-path';

/**
 * Content management: every kind of public content is edited the same way. An item has its
 * published form (what visitors read) and at most one draft; a draft is seen only by operators (a preview
 * token), publishing copies it into the published form at once, and every change writes an audit row
 * (actor, time, before and after). The console and the content service validate with the schemas below.
 *
 * Endpoints (ROLE_ADMIN, paths under /api/admin/content):
 * - GET    /{kind}?page=&q=                     -> ContentListResponse (one page: never-published drafts, then the
 *                                                 published items in display order, then id; `q` searches titles and texts)
 * - GET    /{kind}/{itemId}                     -> ContentItemResponse (published body, draft)
 * - PUT    /{kind}/{itemId}/draft   { body }    -> ContentItemResponse (itemId `new` reserves an id)
 * - DELETE /{kind}/{itemId}/draft               -> ContentItemResponse (the draft discarded)
 * - POST   /{kind}/{itemId}/publish             -> ContentItemResponse (the draft, else the unpublished item, goes public)
 * - POST   /{kind}/{itemId}/unpublish           -> ContentItemResponse
 * - POST   /{kind}/{itemId}/move   { direction: 'up' | 'down', q? } -> ContentListResponse (the page the item is on now)
 * - GET    /audit?kind=&itemId=&before=&page=   -> ContentAuditResponse (newest first, one page)
 * Lists are paged (`page` from 1; the service's configured page size); an answer names its page, size and total.
 * Public pages read the published form; `?preview={token}` (ROLE_ADMIN only) renders them with the draft.
 */
export const CONTENT_KINDS = [
  'story',
  'project',
  'program-intro',
  'faq-category',
  'faq-entry',
  'banner',
  'menu',
  'legal',
  'site',
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_KIND_NAMES: Record<ContentKind, string> = {
  story: '스토리',
  project: '지난 프로젝트',
  'program-intro': '프로그램 소개',
  'faq-category': 'FAQ 분류',
  'faq-entry': 'FAQ 질문',
  banner: '배너',
  menu: '헤더 메뉴',
  legal: '약관·개인정보 처리방침',
  site: '사이트 정보',
};

const text = (max: number, message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.nullable(z.string({ error: message }).check(z.trim(), z.maxLength(max, message))),
    z.transform((value: string | null) => (value ? value : null)),
  );
const id = (message: string) =>
  z.number({ error: message }).check(z.int(message), z.positive(message), z.lte(2_147_483_647, message));
const paragraphs = z
  .array(
    z
      .string({ error: OPERATOR_MESSAGES.contentBodyRequired })
      .check(
        z.trim(),
        z.minLength(1, OPERATOR_MESSAGES.contentBodyRequired),
        z.maxLength(5000, OPERATOR_MESSAGES.contentParagraphLength),
      ),
    {
      error: OPERATOR_MESSAGES.contentBodyRequired,
    },
  )
  .check(z.maxLength(100, OPERATOR_MESSAGES.contentParagraphLength));
const day = z.iso
  .date({ error: OPERATOR_MESSAGES.contentDateRequired })
  .check(z.refine((value) => value >= '2000-01-01' && value <= '2099-12-31', OPERATOR_MESSAGES.contentDateRequired));
const slug = z
  .string({ error: OPERATOR_MESSAGES.contentSlugFormat })
  .check(z.regex(/^[a-z][a-z0-9-]{1,39}$/, OPERATOR_MESSAGES.contentSlugFormat));
/** Uploaded images (POST /api/fileUpload, checked by its bytes there) and the editorial images shipped with content. */
export const CONTENT_IMAGE_URL =
  /^\/media\/(content\/[a-z0-9-]+\.svg|uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const imageUrl = z
  .string({ error: OPERATOR_MESSAGES.contentImageInvalid })
  .check(z.regex(CONTENT_IMAGE_URL, OPERATOR_MESSAGES.contentImageInvalid));
const size = z
  .number({ error: OPERATOR_MESSAGES.contentImageSizeInvalid })
  .check(
    z.int(OPERATOR_MESSAGES.contentImageSizeInvalid),
    z.positive(OPERATOR_MESSAGES.contentImageSizeInvalid),
    z.lte(10_000, OPERATOR_MESSAGES.contentImageSizeInvalid),
  );
const link = z.string({ error: OPERATOR_MESSAGES.contentLinkInvalid }).check(
  z.trim(),
  z.maxLength(500, OPERATOR_MESSAGES.contentLinkInvalid),
  z.regex(/^(\/(?!\/)\S*|https:\/\/\S+)$/, OPERATOR_MESSAGES.contentLinkInvalid),
  // An internal path must stay on the site once a browser parses it (`/\evil.example` would not).
  z.refine((value) => !value.startsWith('/') || sitePath(value) !== null, OPERATOR_MESSAGES.contentLinkInvalid),
);
const role = z.enum(['PLANNER', 'DESIGNER', 'DEVELOPER'], { error: OPERATOR_MESSAGES.contentRoleRequired });

export const storyBodySchema = z.object(
  {
    title: text(200, OPERATOR_MESSAGES.contentTitleRequired),
    summary: text(500, OPERATOR_MESSAGES.contentSummaryRequired),
    productId: id(OPERATOR_MESSAGES.contentProductRequired),
    productSlug: slug,
    productName: text(100, OPERATOR_MESSAGES.contentProductRequired),
    cohortName: text(100, OPERATOR_MESSAGES.contentCohortRequired),
    authorAlias: text(50, OPERATOR_MESSAGES.contentAuthorRequired),
    authorRole: role,
    authorPosition: text(50, OPERATOR_MESSAGES.contentPositionRequired),
    cover: z.object({ url: imageUrl, width: size, height: size }, { error: OPERATOR_MESSAGES.contentImageInvalid }),
    publishedDate: day,
    sections: z
      .array(
        z.object({
          heading: optionalText(200, OPERATOR_MESSAGES.contentHeadingLength),
          paragraphs: paragraphs.check(z.minLength(1, OPERATOR_MESSAGES.contentBodyRequired)),
        }),
        {
          error: OPERATOR_MESSAGES.contentBodyRequired,
        },
      )
      .check(
        z.minLength(1, OPERATOR_MESSAGES.contentBodyRequired),
        z.maxLength(50, OPERATOR_MESSAGES.contentBodyRequired),
      ),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type StoryBody = z.infer<typeof storyBodySchema>;

const outsideLink = z
  .string({ error: OPERATOR_MESSAGES.contentOutsideLinkInvalid })
  .check(
    z.trim(),
    z.maxLength(500, OPERATOR_MESSAGES.contentOutsideLinkInvalid),
    z.regex(/^https:\/\/\S+$/, OPERATOR_MESSAGES.contentOutsideLinkInvalid),
  );

/** A past project with its team members, screenshots and links (program and cohort kept by name as published). */
export const projectBodySchema = z
  .object(
    {
      title: text(200, OPERATOR_MESSAGES.contentTitleRequired),
      summary: text(500, OPERATOR_MESSAGES.contentSummaryRequired),
      description: text(5000, OPERATOR_MESSAGES.contentBodyRequired),
      productId: id(OPERATOR_MESSAGES.contentProductRequired),
      productName: text(100, OPERATOR_MESSAGES.contentProductRequired),
      oddId: id(OPERATOR_MESSAGES.contentCohortIdInvalid),
      cohortName: text(100, OPERATOR_MESSAGES.contentCohortRequired),
      thumbnail: z.object(
        { url: imageUrl, width: size, height: size },
        { error: OPERATOR_MESSAGES.contentImageInvalid },
      ),
      tags: z
        .array(text(30, OPERATOR_MESSAGES.contentTagInvalid), { error: OPERATOR_MESSAGES.contentTagInvalid })
        .check(z.maxLength(10, OPERATOR_MESSAGES.contentTagInvalid)),
      startDate: day,
      endDate: day,
      members: z
        .array(
          z.object({
            userAlias: text(50, OPERATOR_MESSAGES.contentMemberInvalid),
            role,
            positionName: text(50, OPERATOR_MESSAGES.contentMemberInvalid),
            profileId: z.nullable(
              z
                .string({ error: OPERATOR_MESSAGES.contentMemberInvalid })
                .check(z.regex(/^[A-Za-z0-9]{2,20}$/, OPERATOR_MESSAGES.contentMemberInvalid)),
            ),
          }),
          { error: OPERATOR_MESSAGES.contentMemberInvalid },
        )
        .check(
          z.minLength(1, OPERATOR_MESSAGES.contentMemberInvalid),
          z.maxLength(30, OPERATOR_MESSAGES.contentMemberInvalid),
        ),
      images: z
        .array(
          z.object({ url: imageUrl, width: size, height: size, alt: text(200, OPERATOR_MESSAGES.contentAltRequired) }),
          { error: OPERATOR_MESSAGES.contentImageInvalid },
        )
        .check(z.maxLength(20, OPERATOR_MESSAGES.contentImageInvalid)),
      links: z
        .array(z.object({ label: text(100, OPERATOR_MESSAGES.contentNameRequired), url: outsideLink }), {
          error: OPERATOR_MESSAGES.contentOutsideLinkInvalid,
        })
        .check(z.maxLength(10, OPERATOR_MESSAGES.contentOutsideLinkInvalid)),
    },
    { error: CORE_MESSAGES.badRequest },
  )
  .check(
    z.refine((p) => p.startDate <= p.endDate, { message: OPERATOR_MESSAGES.contentDatesInvalid, path: ['endDate'] }),
  );
export type ProjectBody = z.infer<typeof projectBodySchema>;

export const faqCategoryBodySchema = z.object(
  {
    slug,
    name: text(100, OPERATOR_MESSAGES.contentNameRequired),
    productId: z.nullable(id(OPERATOR_MESSAGES.contentProductRequired)),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type FaqCategoryBody = z.infer<typeof faqCategoryBodySchema>;

/** The situations a refund answer can show, in the order the console offers them (the programs service's RefundCase). */
export const REFUND_CASES = ['INDIVIDUAL', 'TEAM_STOP', 'COMPANY_ENDED', 'LEFT_AFTER_INVITE', 'REWARD'] as const;

/**
 * A FAQ entry. A REFUND answer's table is never typed: the FAQ composes it from the program's refund rules
 * (the ones the payment engine refunds by), for the cases the operator picks; the operator writes the
 * paragraphs above it (`answer`) and below it (`answerAfter`).
 */
export const faqEntryBodySchema = z
  .object(
    {
      categoryId: id(OPERATOR_MESSAGES.contentCategoryRequired),
      question: text(300, OPERATOR_MESSAGES.contentQuestionRequired),
      answer: paragraphs,
      // Drafts saved before the closing paragraphs existed have none.
      answerAfter: z._default(paragraphs, []),
      kind: z.enum(['TEXT', 'REFUND'], { error: OPERATOR_MESSAGES.contentKindRequired }),
      productId: z.nullable(id(OPERATOR_MESSAGES.contentProductRequired)),
      refundCases: z.nullable(
        z
          .array(z.enum(REFUND_CASES, { error: OPERATOR_MESSAGES.contentRefundCasesRequired }), {
            error: OPERATOR_MESSAGES.contentRefundCasesRequired,
          })
          .check(
            z.minLength(1, OPERATOR_MESSAGES.contentRefundCasesRequired),
            z.maxLength(REFUND_CASES.length, OPERATOR_MESSAGES.contentRefundCasesRequired),
          ),
      ),
    },
    { error: CORE_MESSAGES.badRequest },
  )
  .check(
    z.refine((e) => e.kind !== 'REFUND' || e.productId !== null, {
      message: OPERATOR_MESSAGES.contentRefundProductRequired,
      path: ['productId'],
    }),
    z.refine((e) => e.kind !== 'REFUND' || e.refundCases !== null, {
      message: OPERATOR_MESSAGES.contentRefundCasesRequired,
      path: ['refundCases'],
    }),
    z.refine((e) => e.kind !== 'TEXT' || e.answer.length > 0, {
      message: OPERATOR_MESSAGES.contentAnswerRequired,
      path: ['answer'],
    }),
    z.refine((e) => e.kind === 'REFUND' || e.refundCases === null, {
      message: OPERATOR_MESSAGES.contentRefundCasesRefundOnly,
      path: ['refundCases'],
    }),
    z.refine((e) => e.kind === 'REFUND' || e.answerAfter.length === 0, {
      message: OPERATOR_MESSAGES.contentAnswerAfterRefundOnly,
      path: ['answerAfter'],
    }),
  );
export type FaqEntryBody = z.infer<typeof faqEntryBodySchema>;

/** An image with its size (no layout shift) and text alternative. */
const figure = z.object(
  { url: imageUrl, width: size, height: size, alt: text(200, OPERATOR_MESSAGES.contentAltRequired) },
  { error: OPERATOR_MESSAGES.contentImageInvalid },
);

/**
 * A program's intro page: the lead, the hero image, text sections and photos (@sq/contracts ProgramIntro).
 * One per program; its name and slug are kept as published, like a story's.
 */
export const programIntroBodySchema = z.object(
  {
    productId: id(OPERATOR_MESSAGES.contentProductRequired),
    productSlug: slug,
    productName: text(100, OPERATOR_MESSAGES.contentProductRequired),
    summary: text(300, OPERATOR_MESSAGES.contentIntroSummaryRequired),
    hero: z.nullable(figure),
    sections: z
      .array(
        z.object({
          heading: optionalText(200, OPERATOR_MESSAGES.contentHeadingLength),
          paragraphs: paragraphs.check(z.minLength(1, OPERATOR_MESSAGES.contentBodyRequired)),
        }),
        {
          error: OPERATOR_MESSAGES.contentBodyRequired,
        },
      )
      .check(
        z.minLength(1, OPERATOR_MESSAGES.contentBodyRequired),
        z.maxLength(30, OPERATOR_MESSAGES.contentBodyRequired),
      ),
    images: z
      .array(figure, { error: OPERATOR_MESSAGES.contentImageInvalid })
      .check(z.maxLength(12, OPERATOR_MESSAGES.contentImagesTooMany)),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type ProgramIntroBody = z.infer<typeof programIntroBodySchema>;

const imageSize = z.nullable(size);
export const bannerBodySchema = z
  .object(
    {
      placement: z.enum(['gnb', 'main'], { error: OPERATOR_MESSAGES.contentKindRequired }),
      url: link,
      alt: z
        .string({ error: OPERATOR_MESSAGES.contentAltRequired })
        .check(z.trim(), z.maxLength(200, OPERATOR_MESSAGES.contentAltRequired)),
      pcImgUrl: imageUrl,
      pcImgWidth: imageSize,
      pcImgHeight: imageSize,
      moImgUrl: imageUrl,
      moImgWidth: imageSize,
      moImgHeight: imageSize,
      pcDisplayable: z.boolean({ error: CORE_MESSAGES.badRequest }),
      moDisplayable: z.boolean({ error: CORE_MESSAGES.badRequest }),
    },
    { error: CORE_MESSAGES.badRequest },
  )
  .check(
    // A main banner is a page's largest image: its text alternative and sizes are needed (screen readers, no layout shift).
    z.refine((b) => b.placement !== 'main' || b.alt.length > 0, {
      message: OPERATOR_MESSAGES.contentAltRequired,
      path: ['alt'],
    }),
    z.refine((b) => (b.pcImgWidth === null) === (b.pcImgHeight === null), {
      message: OPERATOR_MESSAGES.contentImageSizeInvalid,
      path: ['pcImgHeight'],
    }),
    z.refine((b) => (b.moImgWidth === null) === (b.moImgHeight === null), {
      message: OPERATOR_MESSAGES.contentImageSizeInvalid,
      path: ['moImgHeight'],
    }),
  );
export type BannerBody = z.infer<typeof bannerBodySchema>;

export const menuBodySchema = z
  .object(
    {
      type: z.enum(['MAIN', 'OUTLINK', 'SUB', 'SEPARATOR'], { error: OPERATOR_MESSAGES.contentKindRequired }),
      title: z
        .string({ error: OPERATOR_MESSAGES.contentMenuTitleRequired })
        .check(z.trim(), z.maxLength(100, OPERATOR_MESSAGES.contentMenuTitleRequired)),
      url: z.union([z.literal(''), link], { error: OPERATOR_MESSAGES.contentLinkInvalid }),
      clickable: z.boolean({ error: CORE_MESSAGES.badRequest }),
      subMenu: z
        .array(
          z.object({
            subTitle: text(100, OPERATOR_MESSAGES.contentMenuTitleRequired),
            url: link,
            badgePath: z.nullable(imageUrl),
          }),
          { error: OPERATOR_MESSAGES.contentSubMenuInvalid },
        )
        .check(z.maxLength(20, OPERATOR_MESSAGES.contentSubMenuInvalid)),
    },
    { error: CORE_MESSAGES.badRequest },
  )
  .check(
    // A separator is a line: no title, link or sub-menu; every other entry is named and (but a group title) links somewhere.
    z.refine((m) => m.type === 'SEPARATOR' || m.title.length > 0, {
      message: OPERATOR_MESSAGES.contentMenuTitleRequired,
      path: ['title'],
    }),
    z.refine((m) => m.type === 'SEPARATOR' || m.url !== '', {
      message: OPERATOR_MESSAGES.contentLinkInvalid,
      path: ['url'],
    }),
    z.refine((m) => m.type !== 'SEPARATOR' || m.subMenu.length === 0, {
      message: OPERATOR_MESSAGES.contentSubMenuInvalid,
      path: ['subMenu'],
    }),
    z.refine((m) => m.type !== 'OUTLINK' || m.url.startsWith('https://'), {
      message: OPERATOR_MESSAGES.contentLinkInvalid,
      path: ['url'],
    }),
  );
export type MenuBody = z.infer<typeof menuBodySchema>;

const email = z
  .string({ error: ACCOUNT_MESSAGES.emailFormat })
  .check(
    z.trim(),
    z.maxLength(200, ACCOUNT_MESSAGES.emailFormat),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, ACCOUNT_MESSAGES.emailFormat),
  );

/** Site settings: the chat channel, social links and company details of the footer (the site's name stays configuration). */
export const siteBodySchema = z.object(
  {
    chatUrl: outsideLink,
    social: z
      .array(z.object({ name: text(40, OPERATOR_MESSAGES.contentNameRequired), url: outsideLink }), {
        error: OPERATOR_MESSAGES.contentOutsideLinkInvalid,
      })
      .check(z.maxLength(10, OPERATOR_MESSAGES.contentOutsideLinkInvalid)),
    company: z.object(
      {
        name: text(100, OPERATOR_MESSAGES.contentNameRequired),
        ceo: text(100, OPERATOR_MESSAGES.contentNameRequired),
        businessNumber: z
          .string({ error: OPERATOR_MESSAGES.contentBusinessNumberFormat })
          .check(z.regex(/^\d{3}-\d{2}-\d{5}$/, OPERATOR_MESSAGES.contentBusinessNumberFormat)),
        address: text(200, OPERATOR_MESSAGES.contentAddressRequired),
        email,
      },
      { error: CORE_MESSAGES.badRequest },
    ),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type SiteBody = z.infer<typeof siteBodySchema>;

export const legalBodySchema = z.object(
  {
    kind: z.enum(['terms', 'privacy'], { error: OPERATOR_MESSAGES.contentKindRequired }),
    version: z
      .number({ error: OPERATOR_MESSAGES.contentVersionInvalid })
      .check(
        z.int(OPERATOR_MESSAGES.contentVersionInvalid),
        z.positive(OPERATOR_MESSAGES.contentVersionInvalid),
        z.lte(10_000, OPERATOR_MESSAGES.contentVersionInvalid),
      ),
    title: text(200, OPERATOR_MESSAGES.contentTitleRequired),
    effectiveDate: day,
    sections: z
      .array(
        z.object({
          heading: text(200, OPERATOR_MESSAGES.contentHeadingLength),
          paragraphs,
          refundProductId: z.nullable(id(OPERATOR_MESSAGES.contentProductRequired)),
        }),
        { error: OPERATOR_MESSAGES.contentSectionsRequired },
      )
      .check(
        z.minLength(1, OPERATOR_MESSAGES.contentSectionsRequired),
        z.maxLength(100, OPERATOR_MESSAGES.contentSectionsRequired),
      ),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type LegalBody = z.infer<typeof legalBodySchema>;

export interface ContentBodies {
  story: StoryBody;
  project: ProjectBody;
  'program-intro': ProgramIntroBody;
  'faq-category': FaqCategoryBody;
  'faq-entry': FaqEntryBody;
  banner: BannerBody;
  menu: MenuBody;
  legal: LegalBody;
  site: SiteBody;
}

export const CONTENT_SCHEMAS: { [K in ContentKind]: z.ZodMiniType<ContentBodies[K], unknown> } = {
  story: storyBodySchema,
  project: projectBodySchema,
  'program-intro': programIntroBodySchema,
  'faq-category': faqCategoryBodySchema,
  'faq-entry': faqEntryBodySchema,
  banner: bannerBodySchema,
  menu: menuBodySchema,
  legal: legalBodySchema,
  site: siteBodySchema,
};

export interface ContentDraft {
  body: unknown;
  /** Opens the public page with this draft (operators only). */
  previewToken: string;
  updatedAt: string;
  updatedBy: number;
}

export interface ContentListItem {
  itemId: number;
  title: string;
  /** Visitors see it. */
  published: boolean;
  /** Only a draft exists so far (never published). */
  isNew: boolean;
  hasDraft: boolean;
  /** The list this item is ordered in (e.g. the FAQ category, the banner's placement); null: not ordered by hand. */
  group: string | null;
  /** It has a neighbour above (below) in its whole group, on this page or another: the move buttons. */
  canMoveUp: boolean;
  canMoveDown: boolean;
}

/** The longest search an operator's list takes (a title or a phrase of the text, not a document). */
export const CONTENT_SEARCH_MAX_LENGTH = 100;

/** One page of an operator's list: `page` from 1, `total` items matching in all; next exists while page * size < total. */
export interface ContentPaging {
  page: number;
  size: number;
  total: number;
}

export interface ContentListResponse extends ContentPaging {
  kind: ContentKind;
  /** Items can be moved up and down within their group. */
  orderable: boolean;
  /** This page's items. */
  items: ContentListItem[];
  /** The search the page answers (trimmed; '' for none). */
  q: string;
}

export interface ContentItem {
  kind: ContentKind;
  itemId: number;
  published: boolean;
  /** What visitors read (null: never published). */
  body: unknown;
  draft: ContentDraft | null;
  /** The public page to check it on; add `?preview={token}` for the draft. */
  pagePath: string;
}
export interface ContentItemResponse {
  item: ContentItem;
}

export type ContentAction = 'DRAFT_SAVED' | 'DRAFT_DISCARDED' | 'PUBLISHED' | 'UNPUBLISHED' | 'MOVED';

export interface ContentAuditEntry {
  auditId: number;
  kind: ContentKind;
  itemId: number;
  action: ContentAction;
  actorId: number;
  at: string;
  before: unknown;
  after: unknown;
}
export interface ContentAuditResponse extends ContentPaging {
  /** This page's entries, newest first. */
  entries: ContentAuditEntry[];
}
