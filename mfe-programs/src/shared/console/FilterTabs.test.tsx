import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FilterTabs } from './FilterTabs';

const OPTIONS = [
  { value: null, name: '전체' },
  { value: 1, name: '14주 팀 프로젝트' },
  { value: 2, name: '10일 팀 스프린트' },
];

/** The tabs as a page uses them: the panel shows what the selected tab filters. */
function Filtered() {
  const [value, setValue] = useState<number | null>(null);
  return (
    <FilterTabs label="프로그램" options={OPTIONS} value={value} onChange={setValue}>
      <p>{value === null ? '모든 기수' : `프로그램 ${value}의 기수`}</p>
    </FilterTabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selectedTabs = () =>
  screen
    .getAllByRole('tab')
    .filter((t) => t.getAttribute('aria-selected') === 'true')
    .map((t) => t.textContent);

describe('console filter tabs (WAI-ARIA tabs)', () => {
  afterEach(cleanup);

  it('are a named tablist whose selected tab labels the panel it controls, with only that tab in the Tab order', () => {
    render(<Filtered />);
    expect(screen.getByRole('tablist', { name: '프로그램' })).toBeTruthy();
    expect(selectedTabs()).toEqual(['전체']);
    const panel = screen.getByRole('tabpanel', { name: '전체' });
    expect(panel.textContent).toBe('모든 기수');
    expect(screen.getAllByRole('tab').every((t) => t.getAttribute('aria-controls') === panel.id)).toBe(true);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it('select on click', () => {
    render(<Filtered />);
    fireEvent.click(tab('10일 팀 스프린트'));
    expect(selectedTabs()).toEqual(['10일 팀 스프린트']);
    expect(screen.getByRole('tabpanel', { name: '10일 팀 스프린트' }).textContent).toBe('프로그램 2의 기수');
  });

  it('move the selection and the focus with the arrow keys (wrapping), Home and End', () => {
    render(<Filtered />);
    tab('전체').focus();
    fireEvent.keyDown(tab('전체'), { key: 'ArrowRight' });
    expect(selectedTabs()).toEqual(['14주 팀 프로젝트']);
    expect(document.activeElement).toBe(tab('14주 팀 프로젝트'));
    expect(tab('14주 팀 프로젝트').tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(tab('10일 팀 스프린트'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(selectedTabs()).toEqual(['전체']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(selectedTabs()).toEqual(['10일 팀 스프린트']);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(selectedTabs()).toEqual(['전체']);
    expect(document.activeElement).toBe(tab('전체'));
    expect(screen.getByRole('tabpanel').textContent).toBe('모든 기수');
  });
});
