import { describe, expect, it } from 'vitest';
import type { CohortSummary } from '@sq/contracts';
import {
  INTRO_MODAL_CLOSED_KEY,
  INTRO_MODAL_KEY,
  markPromptClosed,
  markPromptShown,
  promptKey,
  shouldShowPrompt,
} from './intro-modal';

const cohort = (oddId: number, recruiting: boolean) => ({ oddId, recruiting }) as CohortSummary;
const memory = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

describe('apply-prompt modal flags', () => {
  it('names the open cohorts, or nothing when no program is open', () => {
    expect(promptKey([{ cohorts: [cohort(304, true), cohort(303, false)] }, { cohorts: [cohort(112, true)] }])).toBe(
      '112,304',
    );
    expect(promptKey([{ cohorts: [cohort(111, false)] }])).toBeNull();
    expect(promptKey(null)).toBeNull();
  });

  it('shows once, and not again after closing', () => {
    const storage = memory();
    expect(shouldShowPrompt('112', storage)).toBe(true);
    markPromptShown('112', storage);
    expect(storage.map.get(INTRO_MODAL_KEY)).toBe('112');
    expect(shouldShowPrompt('112', storage)).toBe(true);
    markPromptClosed('112', storage);
    expect(storage.map.get(INTRO_MODAL_CLOSED_KEY)).toBe('true');
    expect(shouldShowPrompt('112', storage)).toBe(false);
  });

  it('never shows when nothing is open', () => {
    expect(shouldShowPrompt(null, memory())).toBe(false);
  });

  it('shows again when another cohort opens, then stays closed again', () => {
    const storage = memory();
    markPromptClosed('112', storage);
    expect(shouldShowPrompt('112,212', storage)).toBe(true);
    markPromptShown('112,212', storage);
    expect(storage.map.has(INTRO_MODAL_CLOSED_KEY)).toBe(false);
    markPromptClosed('112,212', storage);
    expect(shouldShowPrompt('112,212', storage)).toBe(false);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(shouldShowPrompt('112', broken)).toBe(true);
    expect(() => markPromptClosed('112', broken)).not.toThrow();
    expect(() => markPromptShown('112', broken)).not.toThrow();
  });
});
