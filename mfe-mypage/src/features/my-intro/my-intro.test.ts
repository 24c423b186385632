import { describe, expect, it } from 'vitest';
import { careerCardPath, greetingName, isRegisteredUser } from './my-intro';

describe('isRegisteredUser', () => {
  it('is false only for isUser N', () => {
    expect(isRegisteredUser({ isUser: 'Y' })).toBe(true);
    expect(isRegisteredUser({ isUser: 'N' })).toBe(false);
  });
});

describe('greetingName', () => {
  it('prefers the name, then the nickname', () => {
    expect(greetingName({ userName: '김민지', userAlias: '민지' })).toBe('김민지');
    expect(greetingName({ userName: ' ', userAlias: '민지' })).toBe('민지');
    expect(greetingName({ userName: '', userAlias: '' })).toBe('회원');
  });
});

describe('careerCardPath', () => {
  it('links to the own card, or to the landing page without one', () => {
    expect(careerCardPath('minji')).toBe('/careercard/minji');
    expect(careerCardPath(null)).toBe('/careercard');
  });
});
