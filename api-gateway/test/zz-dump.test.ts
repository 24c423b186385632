import fs from 'node:fs';
import { test } from 'vitest';
import { startRealStack } from './support/real-stack';
import { createAccessFixtures } from './support/access-fixtures';
test('dump', async () => {
  const t0 = Date.now();
  const stack = await startRealStack();
  console.log('boot ms', Date.now() - t0);
  try {
    const fx = await createAccessFixtures(stack);
    console.log('fixtures ms', Date.now() - t0, JSON.stringify({ ...fx, call: undefined }, null, 1));
  } finally {
    await stack.stop();
  }
}, 180_000);
