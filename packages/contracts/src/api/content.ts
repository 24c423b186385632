import type { CohortDetail, CohortStatus, ProductDetail, ProductSummary, RefundRule } from './programs';

/** Response shapes of the content service (navigation, banners, main page, past projects, stories, FAQ, legal texts). Paths are under `/api`. */

export type GnbMenuType = 'MAIN' | 'OUTLINK' | 'SUB' | 'SEPARATOR';

export interface GnbSubMenu {
  subTitle: string;
  url: string;
  badge: { path: string } | null;
}

export interface GnbMenuItem {
  type: GnbMenuType;
  title: string;
  url: string;
  clickable: boolean;
  hasSubmenu: boolean;
  subMenu: GnbSubMenu[];
}

export interface GnbBanner {
  url: string;
  pcImgUrl: string;
  moImgUrl: string;
  pcDisplayable: boolean;
  moDisplayable: boolean;
}

/** GET /setting/gnb */
export interface GnbResponse {
  gnb: { menu: GnbMenuItem[]; banners: GnbBanner[] };
}

/** GET /setting/site: site name, chat channel, social links and company details are configuration. */
export interface SiteSettings {
  siteName: string;
  chatUrl: string;
  social: { name: string; url: string }[];
  company: { name: string; ceo: string; businessNumber: string; address: string; email: string };
}
export interface SiteSettingsResponse {
  site: SiteSettings;
}

export interface LeftMenuProduct {
  productId: number;
  productName: string;
  cohorts: { oddId: number; cohortName: string; projectCount: number }[];
}
/** GET /project/getLeftMenu and GET /project/getLeftMenuByProductId?productId= */
export interface LeftMenuResponse {
  leftMenu: LeftMenuProduct[];
}

export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}

export interface ImageRef {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface ProjectSummary {
  projectId: number;
  title: string;
  summary: string;
  thumbnail: ImageRef;
  productId: number;
  productName: string;
  oddId: number;
  cohortName: string;
  tags: string[];
}
/** GET /projects?productId=&oddId=&page=&size= */
export interface ProjectListResponse {
  projects: Page<ProjectSummary>;
}

export interface ProjectMember {
  userAlias: string;
  role: 'PLANNER' | 'DESIGNER' | 'DEVELOPER';
  positionName: string;
  /** Career card id, null when the member has no public card. */
  profileId: string | null;
}

export interface ProjectDetail extends ProjectSummary {
  description: string;
  startDate: string;
  endDate: string;
  members: ProjectMember[];
  images: ImageRef[];
  links: { label: string; url: string }[];
}
/** GET /projects/{projectId} */
export interface ProjectDetailResponse {
  project: ProjectDetail;
}

// ---------------------------------------------------------------------------------------------------------
// Banners and the main page

/** A main-page banner; sizes are given so the page reserves the space before the image loads. */
export interface MainBanner extends GnbBanner {
  alt: string;
  pcImgWidth: number | null;
  pcImgHeight: number | null;
  moImgWidth: number | null;
  moImgHeight: number | null;
}
/** GET /getBanner */
export interface BannerResponse {
  banners: MainBanner[];
}

/** GET /open/main-page */
export interface MainPageResponse {
  mainPage: {
    banners: MainBanner[];
    featuredProjects: ProjectSummary[];
    featuredStories: StorySummary[];
    /** The programs with their cohorts, as GET /products answers; null while the programs service is unreachable. */
    programs: ProductSummary[] | null;
    /** Korean notice shown in place of the programs when they could not be loaded; null otherwise. */
    programsNotice: string | null;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Stories (참가 후기)

export type MemberRole = 'PLANNER' | 'DESIGNER' | 'DEVELOPER';

export interface StoryAuthor {
  alias: string;
  role: MemberRole;
  /** 기획자, 디자이너, 개발자 */
  roleName: string;
  positionName: string;
  /** Career card id, null when the author has no public card. */
  profileId: string | null;
}

export interface StorySummary {
  storyId: number;
  title: string;
  summary: string;
  cover: ImageRef;
  productId: number;
  /** The program's path on the site (/bside, /potenday, ...). */
  productSlug: string;
  productName: string;
  cohortName: string;
  author: StoryAuthor;
  /** YYYY-MM-DD */
  publishedDate: string;
}

export interface TextSection {
  heading: string | null;
  paragraphs: string[];
}

export interface StoryDetail extends StorySummary {
  body: TextSection[];
  /** Call-to-action for the story's program. */
  cta: { label: string; url: string };
  /** Up to three other stories of the same program, newest first. */
  related: StorySummary[];
}
/** GET /stories?productId=&page=&size= (newest first) */
export interface StoryListResponse {
  stories: Page<StorySummary>;
}
/** GET /stories/{storyId} */
export interface StoryDetailResponse {
  story: StoryDetail;
}

// ---------------------------------------------------------------------------------------------------------
// Program intros (프로그램 소개)

/**
 * The text and images of a program's intro page (/bside, /potenday, /planx, /{product}, /product/{id}) and
 * the lead of its recruit pages, as operators publish them. Facts that money depends on (fee, team make-up,
 * eligibility, schedule, refund rules) are not here: the pages read them from the programs service.
 */
export interface ProgramIntro {
  productId: number;
  /** The program's path on the site, kept as published (/bside, /potenday, ...). */
  productSlug: string;
  /** The program's name as published (the page's title comes from the programs service). */
  productName: string;
  /** The lead under the title (also the home page's program card and the link preview). */
  summary: string;
  /** The hero image; null: none. */
  hero: ImageRef | null;
  sections: TextSection[];
  /** Photos shown after the text. */
  images: ImageRef[];
}
/** GET /program-intros/{productIdOrSlug}: null while the program has no published intro (the pages keep the catalogue's summary). */
export interface ProgramIntroResponse {
  intro: ProgramIntro | null;
}

// ---------------------------------------------------------------------------------------------------------
// FAQ

/**
 * TEXT answers are stored as written, except that an entry tied to a product may name its fee and team
 * make-up with placeholders ({{fee}}, {{teamSize}}, {{roles}}, {{maxFriends}}, {{eligibility}}) filled from the programs
 * service. REFUND answers are composed from the programs service's refund rules
 * (one source with the terms and the payment engine); when those cannot be loaded the answer keeps only its
 * introduction and `notice` says so.
 */
export type FaqEntryKind = 'TEXT' | 'REFUND';

export interface FaqEntry {
  entryId: number;
  question: string;
  /**
   * Paragraphs. A refund answer is its introduction, one line per phase of the chosen cases (composed from
   * the refund rules), the dates of the cohort recruiting now, then its closing paragraphs.
   */
  answer: string[];
  kind: FaqEntryKind;
  productId: number | null;
  notice: string | null;
}

export interface FaqCategory {
  slug: string;
  name: string;
  /** Null for the general (account, payment) category. */
  productId: number | null;
  entries: FaqEntry[];
}
/** GET /faq and GET /faq?category={slug} */
export interface FaqResponse {
  categories: FaqCategory[];
}

// ---------------------------------------------------------------------------------------------------------
// Legal texts

export type LegalKind = 'terms' | 'privacy';

export interface LegalSection extends TextSection {
  heading: string;
  /** Korean notice when part of the section (the refund schedule) could not be loaded; null otherwise. */
  notice: string | null;
}

export interface LegalDocument {
  kind: LegalKind;
  version: number;
  title: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  sections: LegalSection[];
  /** Every published version, newest first, for the "previous versions" list. */
  versions: { version: number; effectiveDate: string }[];
}
/** GET /legal/terms and GET /legal/privacy (current version; ?version= for an earlier one) */
export interface LegalResponse {
  document: LegalDocument;
}

// ---------------------------------------------------------------------------------------------------------
// What content reads from the programs service (service to service, never routed by the gateway)

/**
 * GET /internal/products/{productId}/refund-rules on the programs service: the product's fee, team make-up
 * and refund rules, from which the FAQ and the terms compose their text.
 */
export interface ProgramRefundRulesResponse {
  product: Pick<ProductDetail, 'productId' | 'slug' | 'name' | 'kind' | 'feeKrw' | 'eligibility' | 'teamMakeup'>;
  refundRules: RefundRule[];
  /** The cohort recruiting now (else the next to open) with each rule's last day; null when there is none. */
  cohort: {
    oddId: number;
    name: string;
    status: CohortStatus;
    statusName: string;
    refundSchedule: CohortDetail['refundSchedule'];
  } | null;
}
