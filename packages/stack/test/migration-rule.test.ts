import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXPAND_CONTRACT_CUTOFF,
  MIGRATION_DIRS,
  migrationsAfterCutoff,
  unmarkedContractSteps,
} from '../src/migration-rule';
import { SCHEMAS } from '../src/migrate';
import { ROOT } from '../src/paths';

const migration = (up: string, head = '') =>
  `import type { Knex } from 'knex';\n${head}\nexport async function up(knex: Knex): Promise<void> {\n${up}\n}\n\nexport async function down(knex: Knex): Promise<void> {\n  await knex.schema.dropTable('x');\n}\n`;

describe('the expand/contract rule (deploy/README.md)', () => {
  it('lets expand steps through: new tables, nullable or defaulted columns, indexes, and a down that drops them', () => {
    expect(
      unmarkedContractSteps(
        migration(`  await knex.schema.createTable('x', (t) => { t.increments('id'); t.text('name').notNullable(); });
  await knex.schema.alterTable('y', (t) => { t.text('note'); t.integer('n').notNullable().defaultTo(0); t.index(['note']); });
  // a comment may say DROP TABLE or .dropColumn( without counting
  await knex.raw('create index concurrently if not exists y_note on y (note)');`),
      ),
    ).toEqual([]);
  });

  it('finds every contract step in an up that is not marked', () => {
    const source = migration(`  await knex.schema.alterTable('y', (t) => {
    t.dropColumn('old');
    t.renameColumn('a', 'b');
    t.integer('count').notNullable();
  });
  await knex.schema.dropTableIfExists('z');
  await knex.raw('alter table y alter column c set not null');
  await knex.raw('ALTER TABLE y DROP COLUMN d');
  await knex.raw('alter table y rename to w');`);
    expect(unmarkedContractSteps(source)).toEqual([
      '.dropColumn',
      '.renameColumn',
      '.dropTableIfExists',
      'DROP COLUMN',
      'rename to',
      'set not null',
      "t.integer('count').notNullable();",
    ]);
  });

  it('allows a contract step marked with the release it follows', () => {
    expect(
      unmarkedContractSteps(
        migration(
          `  await knex.schema.alterTable('y', (t) => t.dropColumn('old'));`,
          '// contract: follows 1.4.0 (the last release that read y.old)',
        ),
      ),
    ).toEqual([]);
  });

  it('covers every schema, and each cutoff is one of its migrations', () => {
    expect(Object.keys(MIGRATION_DIRS).sort()).toEqual([...SCHEMAS].sort());
    for (const [schema, cutoff] of Object.entries(EXPAND_CONTRACT_CUTOFF)) {
      expect(fs.existsSync(path.join(ROOT, MIGRATION_DIRS[schema]!, `${cutoff}.ts`)), `${schema}/${cutoff}`).toBe(true);
    }
  });

  it('holds for every migration written after the rule', () => {
    const broken = migrationsAfterCutoff()
      .map(({ name, source }) => ({ name, steps: unmarkedContractSteps(source) }))
      .filter((m) => m.steps.length > 0);
    expect(broken).toEqual([]);
  });
});
