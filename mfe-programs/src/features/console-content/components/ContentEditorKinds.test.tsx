import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductDetail } from '@sq/contracts';
import type { ContentItem, FaqEntryBody, ProgramIntroBody } from '@sq/contracts/api/content-admin';
import { MESSAGES } from '@sq/contracts/messages';
import { products } from '../../../shared/console/test/fixtures';
import { renderConsoleAt, field, type, errorUnder } from '../../../shared/console/test/render-console';
import { contentRoutes } from '../routes';

// The API client is replaced at its edge (the feature's api/ files and hooks run as they are).
const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() }));
vi.mock('@sq/api-client', async (actual) => ({
  ...(await actual<object>()),
  apiGet: api.get,
  apiPost: api.post,
  apiPut: api.put,
  apiDelete: api.del,
}));

const renderAt = (path: string) => renderConsoleAt(path, contentRoutes);

const TOKEN = '7d3c1c56-4a55-4d5e-9b55-0c3f0f5f1a11';

const intro: ProgramIntroBody = {
  productId: 2,
  productSlug: 'potenday',
  productName: '10일 팀 스프린트',
  summary: '열흘 동안 팀으로 만들어요.',
  hero: { url: '/media/content/program-potenday.svg', width: 1200, height: 600, alt: '10일 팀 스프린트 소개' },
  sections: [
    { heading: null, paragraphs: ['첫 문단'] },
    { heading: '매일 체크인', paragraphs: ['밤 10시까지 남겨요.'] },
  ],
  images: [{ url: '/media/content/project-09.svg', width: 640, height: 400, alt: '한입레시피' }],
};
const introItem: ContentItem = {
  kind: 'program-intro',
  itemId: 5,
  published: true,
  body: intro,
  draft: null,
  pagePath: '/potenday',
};

const sprint = {
  productId: 2,
  slug: 'potenday',
  name: '10일 팀 스프린트',
  feeKrw: 30_000,
  refundRules: [
    {
      case: 'INDIVIDUAL',
      phase: '결제일을 포함해 7일째까지',
      refundPercent: 100,
      refundRatio: { numerator: 1, denominator: 1 },
      refundAmountKrw: null,
      boundary: null,
      condition: null,
    },
    {
      case: 'INDIVIDUAL',
      phase: '결제일을 포함해 8일째부터',
      refundPercent: 0,
      refundRatio: { numerator: 0, denominator: 1 },
      refundAmountKrw: null,
      boundary: null,
      condition: null,
    },
    {
      case: 'LEFT_AFTER_INVITE',
      phase: '팀 초대를 받은 뒤 시작 전에 그만두는 경우',
      refundPercent: 50,
      refundRatio: { numerator: 1, denominator: 2 },
      refundAmountKrw: null,
      boundary: null,
      condition: null,
    },
  ],
} as unknown as ProductDetail;
const refundEntry: FaqEntryBody = {
  categoryId: 3,
  question: '환불 규정이 어떻게 되나요?',
  answer: ['본인 사정으로 취소하면 아래와 같이 환불해 드려요.'],
  answerAfter: [],
  kind: 'REFUND',
  productId: 2,
  refundCases: ['INDIVIDUAL'],
};
const refundItem: ContentItem = {
  kind: 'faq-entry',
  itemId: 40,
  published: true,
  body: refundEntry,
  draft: null,
  pagePath: '/faq',
};
const categories = {
  kind: 'faq-category',
  orderable: true,
  q: '',
  page: 1,
  size: 20,
  total: 1,
  items: [
    {
      itemId: 3,
      title: '10일 팀 스프린트',
      published: true,
      isNew: false,
      hasDraft: false,
      group: null,
      canMoveUp: false,
      canMoveDown: false,
    },
  ],
};

describe('operators console: program intro editor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    api.get.mockImplementation((path: string) => {
      if (path === '/products') return Promise.resolve({ products });
      if (path === '/admin/content/program-intro/5') return Promise.resolve({ item: introItem });
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the published intro as plain text fields: lead, hero image with its size and text, sections, photos', async () => {
    renderAt('/admin/content/program-intro/5');
    await screen.findByTestId('content-form', {}, { timeout: 8000 });
    expect((screen.getByRole('combobox', { name: /프로그램/ }) as HTMLSelectElement).value).toBe('2');
    expect(field('소개 문구').value).toBe(intro.summary);
    expect(field('대표 이미지').value).toBe('/media/content/program-potenday.svg');
    expect([field('대표 이미지 너비').value, field('대표 이미지 높이').value, field('대표 이미지 설명').value]).toEqual(
      ['1200', '600', '10일 팀 스프린트 소개'],
    );
    expect(field('본문').value).toBe('첫 문단\n\n## 매일 체크인\n\n밤 10시까지 남겨요.');
    expect(field('사진').value).toBe('/media/content/project-09.svg | 640 | 400 | 한입레시피');
  });

  it('refuses a bad intro with Korean messages under the fields, sends nothing and keeps what was typed', async () => {
    renderAt('/admin/content/program-intro/5');
    await screen.findByTestId('content-form', {}, { timeout: 8000 });
    type('소개 문구', '   ');
    type('대표 이미지 설명', '');
    type('사진', 'https://elsewhere.example/a.png | 640 | 400 | 사진');
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(errorUnder('소개 문구')).toBe(MESSAGES.contentIntroSummaryRequired));
    expect(errorUnder('대표 이미지 설명')).toBe(MESSAGES.contentAltRequired);
    expect(errorUnder('사진')).toBe(MESSAGES.contentImageInvalid);
    expect(screen.getAllByTestId('form-error')[0]!.textContent).toBe(MESSAGES.contentFormInvalid);
    expect(api.put).not.toHaveBeenCalled();
    expect(field('사진').value).toBe('https://elsewhere.example/a.png | 640 | 400 | 사진');
  });

  it('saves the draft with the program kept by name and slug, no hero when its fields are emptied, and links to the page with the preview token', async () => {
    const edited = { ...intro, summary: '새 소개 문구', hero: null };
    api.put.mockResolvedValue({
      item: {
        ...introItem,
        draft: { body: edited, previewToken: TOKEN, updatedAt: '2026-11-26T00:00:00.000Z', updatedBy: 1 },
      },
    });
    renderAt('/admin/content/program-intro/5');
    await screen.findByTestId('content-form', {}, { timeout: 8000 });
    type('소개 문구', '새 소개 문구');
    for (const label of ['대표 이미지', '대표 이미지 너비', '대표 이미지 높이', '대표 이미지 설명']) type(label, '');
    fireEvent.click(screen.getByTestId('content-save'));
    await screen.findByTestId('content-preview');
    expect(api.put).toHaveBeenCalledWith('/admin/content/program-intro/5/draft', { body: edited });
    expect(screen.getByTestId('content-preview').getAttribute('href')).toBe(`/potenday?preview=${TOKEN}`);
  });
});

describe('operators console: a FAQ refund answer', { timeout: 20_000 }, () => {
  beforeEach(() => {
    api.get.mockImplementation((path: string) => {
      if (path === '/products') return Promise.resolve({ products });
      if (path === '/products/2') return Promise.resolve({ product: sprint });
      if (path === '/admin/content/faq-entry/40') return Promise.resolve({ item: refundItem });
      if (path === '/admin/content/faq-category') return Promise.resolve(categories);
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("offers the program's refund cases, shows the table members will read from its rules, and saves the text around it", async () => {
    api.put.mockResolvedValue({ item: refundItem });
    renderAt('/admin/content/faq-entry/40');
    const cases = await screen.findByTestId('refund-cases', {}, { timeout: 8000 });
    const box = (name: RegExp) => within(cases).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box(/본인 사정으로 취소하는 경우/).checked).toBe(true);
    // Cases the program has no rules for cannot be picked.
    await waitFor(() => expect(box(/팀 활동이 중단된 경우/).disabled).toBe(true));
    expect(box(/팀 활동이 중단된 경우/).parentElement!.textContent).toContain('이 프로그램의 환불 규정에 없어요');
    expect(box(/팀 초대를 받은 뒤 그만두는 경우/).disabled).toBe(false);
    const table = () =>
      within(screen.getByTestId('refund-table-preview'))
        .getAllByText(/^·|^\[/)
        .map((p) => p.textContent);
    expect(table()).toEqual([
      '· 결제일을 포함해 7일째까지 — 전액 환불(30,000원)',
      '· 결제일을 포함해 8일째부터 — 환불 불가',
    ]);

    fireEvent.click(box(/팀 초대를 받은 뒤 그만두는 경우/));
    expect(table()).toEqual([
      '[본인 사정으로 취소하는 경우]',
      '· 결제일을 포함해 7일째까지 — 전액 환불(30,000원)',
      '· 결제일을 포함해 8일째부터 — 환불 불가',
      '[팀 초대를 받은 뒤 그만두는 경우]',
      '· 팀 초대를 받은 뒤 시작 전에 그만두는 경우 — 50% 환불(15,000원)',
    ]);
    // '답변' alone: the choice above is '답변 종류'.
    fireEvent.change(screen.getByRole('textbox', { name: '답변' }), { target: { value: '이렇게 돌려드려요.' } });
    type('환불 표 아래 문단', '문의는 채팅 상담으로 해 주세요.');
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put.mock.calls[0]).toEqual([
      '/admin/content/faq-entry/40/draft',
      {
        body: {
          ...refundEntry,
          answer: ['이렇게 돌려드려요.'],
          answerAfter: ['문의는 채팅 상담으로 해 주세요.'],
          refundCases: ['INDIVIDUAL', 'LEFT_AFTER_INVITE'],
        },
      },
    ]);
  });

  it('asks for a case when none is ticked, and turned into a plain answer it drops the cases but keeps the text below the table in view', async () => {
    renderAt('/admin/content/faq-entry/40');
    const cases = await screen.findByTestId('refund-cases', {}, { timeout: 8000 });
    fireEvent.click(within(cases).getByRole('checkbox', { name: /본인 사정으로 취소하는 경우/ }));
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(within(cases).getByText(MESSAGES.contentRefundCasesRequired)).toBeTruthy());
    expect(api.put).not.toHaveBeenCalled();

    type('환불 표 아래 문단', '표 아래 문단이에요.');
    fireEvent.change(screen.getByRole('combobox', { name: /답변 종류/ }), { target: { value: 'TEXT' } });
    expect(screen.queryByTestId('refund-cases')).toBeNull();
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(errorUnder('환불 표 아래 문단')).toBe(MESSAGES.contentAnswerAfterRefundOnly));
    expect(field('환불 표 아래 문단').value).toBe('표 아래 문단이에요.');

    api.put.mockResolvedValue({ item: refundItem });
    type('환불 표 아래 문단', '');
    expect(screen.queryByLabelText('환불 표 아래 문단', { exact: false })).toBeNull();
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect((api.put.mock.calls[0]![1] as { body: FaqEntryBody }).body).toMatchObject({
      kind: 'TEXT',
      refundCases: null,
      answerAfter: [],
    });
  });
});
