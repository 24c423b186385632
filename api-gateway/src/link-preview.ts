import type {
  CareerCardProjectResponse,
  CareerCardResponse,
  ProductDetailResponse,
  ProgramIntroResponse,
  ProjectDetailResponse,
  SharedCheckupResultResponse,
  StoryDetailResponse,
} from '@sq/contracts';
import type { FastifyRequest } from 'fastify';
import type { ServiceName } from '@sq/service-kit';
import { CAREER_CARD_ID_PATTERN } from '@sq/contracts/career-card-id';
import type { ServiceClients } from './service-calls';

/** Record ids as the services take them. */
const RECORD_ID = /\d{1,9}/;

/**
 * Open Graph tags for pages shared in messengers: their crawlers read the HTML and run no JavaScript, so the
 * gateway puts the page's own title, description and image into the shell's index.html.
 */
export interface Preview {
  title: string;
  description: string;
  /** Absolute, or a path on the site. */
  image: string | null;
}

interface PreviewSource<T = never> {
  /**
   * The page: a route pattern of a remote's routes.json, exactly as declared there (a test checks it is a
   * public route of the site), with what each of its parameters must look like for a preview.
   */
  route: string;
  params: Record<string, RegExp>;
  service: ServiceName;
  api: (match: RegExpMatchArray) => string;
  /**
   * Reads the service's answer (its contract type; checked at run time, it is another process's JSON). No
   * preview here: the next source of the same page is asked.
   */
  read: (body: Partial<T>) => Preview | null | undefined;
}

const source = <T>(definition: PreviewSource<T>) => definition as unknown as PreviewSource<unknown>;

/** A route pattern (`/story/detail/:storyId`) as a regular expression capturing its parameters in order. */
function routeRegExp({ route, params }: { route: string; params: Record<string, RegExp> }): RegExp {
  const body = route
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const rule = params[segment.slice(1)];
      if (!rule) throw new Error(`link preview for ${route}: no rule for ${segment}`);
      return `(${rule.source.replace(/^\^|\$$/g, '')})`;
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}

const program = (b: Partial<ProductDetailResponse>) =>
  b.product && { title: b.product.name, description: b.product.summary, image: null };
/** The intro operators published (content); a program without one is described by the catalogue (programs). */
const programIntro = (b: Partial<ProgramIntroResponse>) =>
  b.intro && { title: b.intro.productName, description: b.intro.summary, image: b.intro.hero?.url ?? null };

/** The programs with a page of their own (`/{slug}`; /planx and /potenday are also routes of their own). */
const PROGRAM_SLUG = /bside|potenday|planx/;

const SOURCES = [
  source<StoryDetailResponse>({
    route: '/story/detail/:storyId',
    params: { storyId: RECORD_ID },
    service: 'content',
    api: (m) => `/api/stories/${m[1]}`,
    read: (b) => b.story && { title: b.story.title, description: b.story.summary, image: b.story.cover?.url ?? null },
  }),
  source<ProjectDetailResponse>({
    route: '/projects/detail/:projectId',
    params: { projectId: RECORD_ID },
    service: 'content',
    api: (m) => `/api/projects/${m[1]}`,
    read: (b) =>
      b.project && { title: b.project.title, description: b.project.summary, image: b.project.thumbnail?.url ?? null },
  }),
  source<ProgramIntroResponse>({
    route: '/product/:productId',
    params: { productId: RECORD_ID },
    service: 'content',
    api: (m) => `/api/program-intros/${m[1]}`,
    read: programIntro,
  }),
  source<ProductDetailResponse>({
    route: '/product/:productId',
    params: { productId: RECORD_ID },
    service: 'programs',
    api: (m) => `/api/products/${m[1]}`,
    read: program,
  }),
  source<ProgramIntroResponse>({
    route: '/:product',
    params: { product: PROGRAM_SLUG },
    service: 'content',
    api: (m) => `/api/program-intros/${m[1]}`,
    read: programIntro,
  }),
  source<ProductDetailResponse>({
    route: '/:product',
    params: { product: PROGRAM_SLUG },
    service: 'programs',
    api: (m) => `/api/products/${m[1]}`,
    read: program,
  }),
  source<CareerCardResponse>({
    // The product's one career card ID rule (its reserved IDs answer 400: no preview).
    route: '/careercard/:profileId',
    params: { profileId: CAREER_CARD_ID_PATTERN },
    service: 'careercard',
    api: (m) => `/api/profile/${m[1]}`,
    read: (b) =>
      b.profile && {
        title: `${b.profile.userAlias}님의 커리어 카드`,
        description: [b.profile.jobGroupName, b.profile.positionName, b.profile.intro].filter(Boolean).join(' · '),
        image: b.profile.imgUrl ?? null,
      },
  }),
  source<CareerCardProjectResponse>({
    route: '/careercard/project/:projectId',
    params: { projectId: RECORD_ID },
    service: 'careercard',
    api: (m) => `/api/profile/project/${m[1]}`,
    read: (b) =>
      b.project && {
        title: `${b.project.title} · ${b.project.userAlias}님의 프로젝트`,
        description: [b.project.role, b.project.period, b.project.description].filter(Boolean).join(' · '),
        image: b.project.images?.[0]?.imgUrl ?? null,
      },
  }),
  source<SharedCheckupResultResponse>({
    route: '/itskillcheckup/result/:resultId',
    params: { resultId: /[0-9a-fA-F-]{36}/ },
    service: 'itskill',
    api: (m) => `/api/itskill/results/${m[1]}`,
    read: (b) =>
      b.result && {
        title: `${b.result.surveyTitle} 결과`,
        description: b.result.areas.map((area) => `${area.name} Lv.${area.level}`).join(' · '),
        image: null,
      },
  }),
];

const MATCHERS = SOURCES.map((entry) => ({ ...entry, pattern: routeRegExp(entry) }));

/** The site routes that have a link preview (their patterns as the remotes' routes.json declare them). */
export const PREVIEW_ROUTES: readonly string[] = [...new Set(SOURCES.map((entry) => entry.route))];

async function previewFrom(
  entry: (typeof MATCHERS)[number],
  match: RegExpMatchArray,
  from: PreviewReads,
): Promise<Preview | null> {
  try {
    // Read as a visitor: the crawler that asks is one, and the page says only what anyone may read.
    const answer = await from.services[entry.service].call({
      path: entry.api(match),
      asVisitor: true,
      withinMs: from.withinMs,
      forRequest: from.forRequest,
    });
    if (answer.status !== 200 || answer.json === null || typeof answer.json !== 'object') return null;
    return entry.read(answer.json as never) ?? null;
  } catch {
    // A slow or missing service only costs the preview, never the page.
    return null;
  }
}

export interface PreviewReads {
  services: ServiceClients;
  /** Each source's time in all (LINK_PREVIEW_TIMEOUT_MS); past it, the next source, then no preview. */
  withinMs: number;
  /** The page request the preview is for: its id and trace go with the reads. */
  forRequest: FastifyRequest;
}

/** The first preview the page's sources give, in their order. */
export async function findPreview(path: string, from: PreviewReads): Promise<Preview | null> {
  for (const entry of MATCHERS) {
    const match = path.match(entry.pattern);
    if (!match) continue;
    const preview = await previewFrom(entry, match, from);
    if (preview) return preview;
  }
  return null;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The shell's index.html with the page's title and Open Graph tags. */
export function withPreview(html: string, preview: Preview, siteName: string, pageUrl: string): string {
  const origin = new URL(pageUrl).origin;
  const image = preview.image ? new URL(preview.image, origin).toString() : null;
  const title = `${preview.title} | ${siteName}`;
  const description = preview.description.slice(0, 200);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(siteName)}" />`,
    `<meta property="og:title" content="${escape(preview.title)}" />`,
    `<meta property="og:description" content="${escape(description)}" />`,
    `<meta property="og:url" content="${escape(pageUrl)}" />`,
    image ? `<meta property="og:image" content="${escape(image)}" />` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="description" content="${escape(description)}" />`,
  ].filter(Boolean);
  // Function replacers: a string replacement would read `$&`, `` $` `` and `$'` in a title as patterns and
  // splice other parts of the page into it.
  const titleTag = `<title>${escape(title)}</title>`;
  const headEnd = `${tags.join('\n    ')}\n  </head>`;
  return html
    .replace(/<title>[^<]*<\/title>/, () => titleTag)
    .replace(/<meta name="description"[^>]*>/, () => '')
    .replace('</head>', () => headEnd);
}
