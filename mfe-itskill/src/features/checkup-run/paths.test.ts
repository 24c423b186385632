import { describe, expect, it } from 'vitest';
import { questionIndex } from './paths';

describe('questionIndex', () => {
  const ids = [11, 12, 13];
  it('stays on the question in the URL after a refresh', () => {
    expect(questionIndex('2', ids, {})).toBe(1);
  });
  it('resumes at the first unanswered question when the URL has none or a bad one', () => {
    expect(questionIndex(null, ids, { 11: 1 })).toBe(1);
    expect(questionIndex('9', ids, { 11: 1, 12: 2 })).toBe(2);
    expect(questionIndex('abc', ids, {})).toBe(0);
  });
  it('shows the last question when everything is answered', () => {
    expect(questionIndex(null, ids, { 11: 1, 12: 2, 13: 3 })).toBe(2);
  });
});
