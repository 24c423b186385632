import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@sq/api-client';
import type { ContentItem, ContentListItem, ContentListResponse, StoryBody } from '@sq/contracts/api/content-admin';
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

const story: StoryBody = {
  title: '마음일기 후기',
  summary: '출시까지의 이야기',
  productId: 2,
  productSlug: 'potenday',
  productName: '10일 팀 스프린트',
  cohortName: '10일 팀 스프린트 2026년 11월',
  authorAlias: '새싹',
  authorRole: 'DEVELOPER',
  authorPosition: '안드로이드 개발자',
  cover: { url: '/media/content/story-01.svg', width: 640, height: 400 },
  publishedDate: '2026-01-05',
  sections: [{ heading: '시작하며', paragraphs: ['첫 문단', '둘째 문단'] }],
};
const published: ContentItem = {
  kind: 'story',
  itemId: 7,
  published: true,
  body: story,
  draft: null,
  pagePath: '/story/detail/7',
};

describe('operators console: content editor', { timeout: 20_000 }, () => {
  beforeEach(() => {
    api.get.mockImplementation((path: string) => {
      if (path === '/products') return Promise.resolve({ products });
      if (path === '/admin/content/story/7') return Promise.resolve({ item: published });
      if (path === '/admin/content/story') {
        return Promise.resolve({
          kind: 'story',
          orderable: false,
          q: '',
          page: 1,
          size: 20,
          total: 1,
          items: [
            {
              itemId: 7,
              title: story.title,
              published: true,
              isNew: false,
              hasDraft: false,
              group: null,
              canMoveUp: false,
              canMoveDown: false,
            },
          ],
        });
      }
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the published story as plain text: sections as ## titles, paragraphs split by blank lines', async () => {
    renderAt('/admin/content/story/7');
    await screen.findByTestId('content-form', {}, { timeout: 8000 });
    expect(field('제목').value).toBe('마음일기 후기');
    expect(field('본문').value).toBe('## 시작하며\n\n첫 문단\n\n둘째 문단');
    expect((screen.getByRole('combobox', { name: /프로그램/ }) as HTMLSelectElement).value).toBe('2');
    expect(screen.getByTestId('content-state').textContent).toBe('게시 중이에요.');
  });

  it('refuses bad input with Korean messages under the fields, sends nothing and keeps every value typed', async () => {
    renderAt('/admin/content/story/7');
    await screen.findByTestId('content-form', {}, { timeout: 8000 });
    type('제목', '');
    type('표지 이미지', 'https://elsewhere.example/cover.png');
    type('본문', '## 소제목만 있어요');
    type('작성자 포지션', '백엔드 개발자');
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(errorUnder('제목')).toBe(MESSAGES.contentTitleRequired));
    expect(errorUnder('표지 이미지')).toBe(MESSAGES.contentImageInvalid);
    expect(errorUnder('본문')).toBe(MESSAGES.contentBodyRequired);
    expect(screen.getAllByTestId('form-error')[0]!.textContent).toBe(MESSAGES.contentFormInvalid);
    expect(api.put).not.toHaveBeenCalled();
    expect(field('표지 이미지').value).toBe('https://elsewhere.example/cover.png');
    expect(field('본문').value).toBe('## 소제목만 있어요');
    expect(field('작성자 포지션').value).toBe('백엔드 개발자');
    // Fixing one field clears only its own message.
    type('제목', '고친 제목');
    expect(errorUnder('제목')).toBeFalsy();
    expect(errorUnder('본문')).toBe(MESSAGES.contentBodyRequired);
  });

  it('keeps what was typed when the service refuses, with its message under the field', async () => {
    api.put.mockRejectedValueOnce(
      new ApiError('40', MESSAGES.contentImageInvalid, 400, {
        ErrorCode: '40',
        message: MESSAGES.contentImageInvalid,
        fields: { 'cover.url': MESSAGES.contentImageInvalid },
      }),
    );
    renderAt('/admin/content/story/7');
    await screen.findByTestId('content-form', {}, { timeout: 8000 });
    type('제목', '새 제목');
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put.mock.calls[0]![0]).toBe('/admin/content/story/7/draft');
    await waitFor(() => expect(errorUnder('표지 이미지')).toBe(MESSAGES.contentImageInvalid));
    expect(screen.getAllByTestId('form-error')[0]!.textContent).toBe(MESSAGES.contentFormInvalid);
    expect(field('제목').value).toBe('새 제목');
    expect(screen.queryByTestId('content-notice')).toBeNull();
  });

  it('saves a draft, then links to the public page with the preview token, and publishes what is typed', async () => {
    const draftItem: ContentItem = {
      ...published,
      draft: {
        body: { ...story, title: '새 제목' },
        previewToken: '7d3c1c56-4a55-4d5e-9b55-0c3f0f5f1a11',
        updatedAt: '2026-11-26T00:00:00.000Z',
        updatedBy: 1,
      },
    };
    api.put.mockResolvedValue({ item: draftItem });
    api.post.mockResolvedValue({ item: { ...published, body: { ...story, title: '새 제목' } } });
    renderAt('/admin/content/story/7');
    await screen.findByTestId('content-form', {}, { timeout: 8000 });
    type('제목', '새 제목');
    type('본문', '## 시작하며\n\n첫 문단\n\n\n## 마치며\n마지막 문단');
    fireEvent.click(screen.getByTestId('content-save'));
    await screen.findByTestId('content-preview');
    const sent = api.put.mock.calls[0]![1] as { body: StoryBody };
    expect(sent.body).toMatchObject({
      title: '새 제목',
      productSlug: 'potenday',
      productName: '10일 팀 스프린트',
      sections: [
        { heading: '시작하며', paragraphs: ['첫 문단'] },
        { heading: '마치며', paragraphs: ['마지막 문단'] },
      ],
    });
    expect(screen.getByTestId('content-preview').getAttribute('href')).toBe(
      '/story/detail/7?preview=7d3c1c56-4a55-4d5e-9b55-0c3f0f5f1a11',
    );
    expect(screen.getByTestId('content-notice').textContent).toContain('초안을 저장했어요');

    fireEvent.click(screen.getByTestId('content-publish'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/content/story/7/publish'));
    expect(api.put).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByTestId('content-notice').textContent).toContain('게시했어요'));
  });

  it('lists the items of a kind with their state and the editor links', async () => {
    renderAt('/admin/content/story');
    const row = await screen.findByTestId('content-row', {}, { timeout: 8000 });
    expect(within(row).getByRole('link', { name: story.title }).getAttribute('href')).toBe('/admin/content/story/7');
    expect(row.textContent).toContain('게시 중');
    fireEvent.click(within(row).getByRole('button', { name: '게시 중단' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/content/story/7/unpublish'));
  });
});

describe('operators console: a content list a page at a time', { timeout: 20_000 }, () => {
  const SIZE = 3;
  // The service's answer for a page of seven menu entries (one group), as GET /admin/content/menu gives it.
  const menu = [
    '프로그램',
    '지난 프로젝트',
    '참가 후기',
    '커리어 카드',
    'IT 스킬 체크업',
    '할인 100% 이벤트',
    '자주 묻는 질문',
  ];
  // While searching, the service counts only the items found as neighbours (the ones on screen).
  const pageOf = (page: number, q: string, titles = menu, ids = titles.map((_, i) => i + 1)): ContentListResponse => {
    const found = titles.map((title, i) => ({ title, itemId: ids[i]! })).filter(({ title }) => title.includes(q));
    const items: ContentListItem[] = found.slice((page - 1) * SIZE, page * SIZE).map(({ title, itemId }) => ({
      itemId,
      title,
      published: true,
      isNew: false,
      hasDraft: false,
      group: null,
      canMoveUp: found.findIndex((f) => f.itemId === itemId) > 0,
      canMoveDown: found.findIndex((f) => f.itemId === itemId) < found.length - 1,
    }));
    return { kind: 'menu', orderable: true, q, page, size: SIZE, total: found.length, items };
  };
  const rows = () =>
    screen.getAllByTestId('content-row').map((row) => within(row).getAllByRole('link')[0]!.textContent);
  const lastListCall = () => api.get.mock.calls.filter(([path]) => path === '/admin/content/menu').at(-1)![1];

  beforeEach(() => {
    api.get.mockImplementation((path: string, params?: { page?: number; q?: string }) =>
      path === '/admin/content/menu'
        ? Promise.resolve(pageOf(params?.page ?? 1, params?.q ?? ''))
        : Promise.reject(new Error(`unexpected GET ${path}`)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('goes to the next and previous pages with labelled buttons, the current page marked', async () => {
    renderAt('/admin/content/menu');
    await screen.findAllByTestId('content-row', {}, { timeout: 8000 });
    expect(rows()).toEqual(['프로그램', '지난 프로젝트', '참가 후기']);
    expect(screen.getByRole('button', { name: '이전 페이지' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('content-count').textContent).toBe('모두 7개 중 1–3번째');

    fireEvent.click(screen.getByRole('button', { name: '다음 페이지' }));
    await waitFor(() => expect(rows()).toEqual(['커리어 카드', 'IT 스킬 체크업', '할인 100% 이벤트']));
    expect(lastListCall()).toEqual({ page: 2, q: undefined });
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(rows()).toEqual(['자주 묻는 질문']));
    expect(screen.getByRole('button', { name: '다음 페이지' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '이전 페이지' }));
    await waitFor(() => expect(rows()).toEqual(['커리어 카드', 'IT 스킬 체크업', '할인 100% 이벤트']));
  });

  it('searches from page 1, keeps what was typed, and says so in Korean when nothing matches', async () => {
    renderAt('/admin/content/menu?page=3');
    await waitFor(() => expect(rows()).toEqual(['자주 묻는 질문']));
    const box = screen.getByRole('searchbox', { name: '제목이나 본문으로 찾기' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: ' 100% ' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(rows()).toEqual(['할인 100% 이벤트']));
    expect(lastListCall()).toEqual({ page: 1, q: '100%' });
    expect(box.value).toBe(' 100% ');
    expect(screen.queryByRole('navigation', { name: '페이지 이동' })).toBeNull();

    fireEvent.change(box, { target: { value: '없는 메뉴' } });
    fireEvent.submit(box.closest('form')!);
    await screen.findByText(MESSAGES.contentSearchEmpty);
    expect(box.value).toBe('없는 메뉴');
    expect(screen.queryByTestId('content-list')).toBeNull();
  });

  it('while searching, moves an entry past the neighbour on screen, says so, and sends the search with the move', async () => {
    const titles = ['프로그램 소개', '지난 프로젝트', '참가 후기', '프로그램 일정'];
    let order = [1, 2, 3, 4];
    api.get.mockImplementation((path: string, params?: { page?: number; q?: string }) =>
      Promise.resolve(
        pageOf(
          params?.page ?? 1,
          params?.q ?? '',
          order.map((id) => titles[id - 1]!),
          order,
        ),
      ),
    );
    api.post.mockImplementation(async () => {
      order = [4, 1, 2, 3];
      return pageOf(
        1,
        '프로그램',
        order.map((id) => titles[id - 1]!),
        order,
      );
    });
    renderAt(`/admin/content/menu?q=${encodeURIComponent('프로그램')}`);
    await waitFor(() => expect(rows()).toEqual(['프로그램 소개', '프로그램 일정']));
    expect(screen.getByTestId('content-search-order').textContent).toContain(
      '검색 중에는 보이는 항목끼리 순서를 바꿔요',
    );
    // The first one found has entries above it in the menu, but none on screen.
    expect(screen.getByRole('button', { name: '프로그램 소개 위로' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '프로그램 일정 아래로' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '프로그램 일정 위로' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/admin/content/menu/4/move', { direction: 'up', q: '프로그램' }),
    );
    await waitFor(() => expect(rows()).toEqual(['프로그램 일정', '프로그램 소개']));
    expect(screen.getByRole('button', { name: '프로그램 일정 위로' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '프로그램 소개 위로' })).toHaveProperty('disabled', false);
  });

  it('moves the last entry of a page down onto the next page and follows it there', async () => {
    const moved = [
      '프로그램',
      '지난 프로젝트',
      '커리어 카드',
      '참가 후기',
      'IT 스킬 체크업',
      '할인 100% 이벤트',
      '자주 묻는 질문',
    ];
    api.post.mockResolvedValue(pageOf(2, '', moved));
    renderAt('/admin/content/menu');
    await screen.findAllByTestId('content-row', {}, { timeout: 8000 });
    const down = screen.getByRole('button', { name: '참가 후기 아래로' }) as HTMLButtonElement;
    expect(down.disabled).toBe(false);
    api.get.mockImplementation((path: string, params?: { page?: number; q?: string }) =>
      Promise.resolve(pageOf(params?.page ?? 1, params?.q ?? '', moved)),
    );
    fireEvent.click(down);
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/admin/content/menu/3/move', { direction: 'down', q: '' }),
    );
    await waitFor(() => expect(rows()).toEqual(['참가 후기', 'IT 스킬 체크업', '할인 100% 이벤트']));
    expect(lastListCall()).toEqual({ page: 2, q: undefined });
    expect(screen.getByRole('button', { name: '참가 후기 위로' })).toHaveProperty('disabled', false);
  });
});
