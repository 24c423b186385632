import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import type { ServiceDefinition } from '@sq/service-kit';
import { accountService } from '../src/service';
import { careercardService } from '../../careercard/src/service';
import { contentService } from '../../content/src/service';
import { programsService } from '../../programs/src/service';

/**
 * What a production start seeds in every service (the reference seeds; no demo seed, see service-kit's
 * seedsDemoData): the codes, products, refund rules, menu, FAQ and legal texts production needs, and none of
 * the demo data.
 */
process.env.UPLOAD_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sq-prod-seed-'));
const started: TestService[] = [];
afterAll(async () => {
  for (const service of started) await service.close();
});

async function rows(definition: ServiceDefinition, tables: string[]): Promise<Record<string, number>> {
  const service = await build(definition, { seed: false });
  started.push(service);
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await service.app.knex(table).count({ n: '*' }).first())!.n);
  return counts;
}

describe('a production database (reference data only)', () => {
  it('account: no demo accounts', async () => {
    expect(await rows(accountService, ['user_account'])).toEqual({ user_account: 0 });
  });

  it('careercard: the common codes, no example cards', async () => {
    const counts = await rows(careercardService, ['code_group', 'code_detail', 'profile']);
    expect(counts.code_group).toBeGreaterThan(0);
    expect(counts.code_detail).toBeGreaterThan(0);
    expect(counts.profile).toBe(0);
  });

  it('content: menu, FAQ and legal texts, no example projects or stories', async () => {
    const counts = await rows(contentService, ['gnb_menu', 'faq_entry', 'legal_document', 'project', 'story']);
    for (const table of ['gnb_menu', 'faq_entry', 'legal_document']) expect(counts[table], table).toBeGreaterThan(0);
    expect(counts.project).toBe(0);
    expect(counts.story).toBe(0);
  });

  it('programs: products and refund rules, no demo cohorts or applicants', async () => {
    const counts = await rows(programsService, ['product', 'refund_rule', 'cohort', 'application']);
    expect(counts.product).toBe(4);
    expect(counts.refund_rule).toBeGreaterThan(0);
    expect(counts.cohort).toBe(0);
    expect(counts.application).toBe(0);
  });
});
