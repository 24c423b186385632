import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { lazyScreen } from './lazy-screen';

afterEach(cleanup);

describe('lazyScreen', () => {
  it("loads a screen's module only when the screen is first shown, and shows the named export", async () => {
    const loads: string[] = [];
    const load = () => {
      loads.push('faq');
      return Promise.resolve({ FaqPage: () => <h1>자주 묻는 질문</h1>, NoticePage: () => <h1>공지</h1> });
    };
    const Faq = lazyScreen(load, 'FaqPage');
    expect(loads).toEqual([]);

    render(
      <Suspense fallback={<p>불러오는 중</p>}>
        <Faq />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: '자주 묻는 질문' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '공지' })).toBeNull();
    expect(loads).toEqual(['faq']);
  });
});
