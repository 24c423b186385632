import { describe, expect, it } from 'vitest';
import { changesOf, checksOwed, type InfoValues } from './my-info';

const before: InfoValues = {
  username: '김민지',
  useralias: '민지',
  userphone: '010-1234-5678',
  contactEmail: 'a@example.com',
  notionEmail: '',
  slackEmail: '',
  marketingAgreed: false,
};

describe('my info changes', () => {
  it('sends only what changed', () => {
    expect(changesOf(before, { ...before })).toEqual({});
    expect(changesOf(before, { ...before, username: '김새이름', marketingAgreed: true })).toEqual({
      username: '김새이름',
      marketingAgreed: true,
    });
  });

  it('owes a duplicate check only for a changed nickname or contact e-mail not yet checked', () => {
    expect(checksOwed({ username: 'x' }, { useralias: null, contactEmail: null })).toEqual({
      useralias: false,
      contactEmail: false,
    });
    expect(checksOwed({ useralias: '새닉' }, { useralias: null, contactEmail: null })).toEqual({
      useralias: true,
      contactEmail: false,
    });
    expect(checksOwed({ useralias: '새닉' }, { useralias: '새닉', contactEmail: null })).toEqual({
      useralias: false,
      contactEmail: false,
    });
    expect(checksOwed({ contactEmail: 'B@example.com' }, { useralias: null, contactEmail: 'b@example.com' })).toEqual({
      useralias: false,
      contactEmail: false,
    });
    expect(
      checksOwed({ contactEmail: 'c@example.com' }, { useralias: null, contactEmail: 'b@example.com' }).contactEmail,
    ).toBe(true);
  });
});
