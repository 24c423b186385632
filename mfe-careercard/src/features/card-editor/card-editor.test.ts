import { describe, expect, it } from 'vitest';
import type { MyInfo } from '@sq/contracts';
import { ownsCard } from './components/CardEditorPage';

describe('editor access', () => {
  const mine = { profileId: 'minji' } as MyInfo;
  it('lets only the card’s owner in, whatever the case of the ID', () => {
    expect(ownsCard(mine, 'minji')).toBe(true);
    expect(ownsCard(mine, 'MinJi')).toBe(true);
    expect(ownsCard(mine, 'junho')).toBe(false);
    expect(ownsCard(null, 'minji')).toBe(false);
    expect(ownsCard(mine, undefined)).toBe(false);
  });
});
