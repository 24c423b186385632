import { describe, expect, it } from 'vitest';
import { positiveId } from './route-params';

describe('positiveId', () => {
  it('reads only positive integer ids', () => {
    expect(positiveId('112')).toBe(112);
    for (const bad of [undefined, null, '', '0', '-1', '1.5', 'abc', '01', '99999999999'])
      expect(positiveId(bad)).toBeNull();
  });
});
