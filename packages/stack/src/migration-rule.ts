import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';

/**
 * The expand/contract rule of deploy/README.md ("Migrations: expand, then contract"): while a release's migrate
 * Jobs run and its pods roll, the previous release keeps serving against the new schema, so a migration only
 * expands it. A contract step (a drop, a rename, a column made NOT NULL without a default) is allowed only in a
 * migration that says which release stopped using the old shape: `// contract: follows <release>`.
 */

/** Each schema's migrations up to this one were released before the rule; later ones must follow it. */
export const EXPAND_CONTRACT_CUTOFF: Record<string, string> = {
  gateway: '020_rum',
  account: '012_programs_people_changes',
  careercard: '007_profile_user_name',
  content: '013_faq_refund_text',
  itskill: '006_programs_skill_changes',
  programs: '203_team_health_at_scale',
};

/** Where each schema's migrations live. */
export const MIGRATION_DIRS: Record<string, string> = {
  gateway: 'api-gateway/src/migrations',
  account: 'services/account/src/migrations',
  careercard: 'services/careercard/src/migrations',
  content: 'services/content/src/migrations',
  itskill: 'services/itskill/src/migrations',
  programs: 'services/programs/src/migrations',
};

const CONTRACT_MARK = /\/\/\s*contract:\s*follows\s+\S+/i;

/** Operations that take something away from the previous release (knex calls and raw SQL alike). */
const CONTRACT_OPERATIONS: Array<[RegExp, string]> = [
  [/\.(dropColumns?|dropTable|dropTableIfExists|renameColumn|renameTable|dropNullable)\s*\(/g, 'knex'],
  [/\bDROP\s+(COLUMN|TABLE)\b/gi, 'SQL'],
  [/\bRENAME\s+(COLUMN\b|TO\b)/gi, 'SQL'],
  [/\bSET\s+NOT\s+NULL\b/gi, 'SQL'],
];

/** The migration's `up`: what runs during a rollout (its `down` drops what `up` made, as it should). */
function upPart(source: string): string {
  const down = source.search(/export\s+async\s+function\s+down\b|^\s*async\s+down\s*\(/m);
  return down < 0 ? source : source.slice(0, down);
}

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** The contract steps in a migration's source that it does not mark; empty when it follows the rule. */
export function unmarkedContractSteps(source: string): string[] {
  if (CONTRACT_MARK.test(source)) return [];
  const code = withoutComments(upPart(source));
  const found: string[] = [];
  for (const [pattern] of CONTRACT_OPERATIONS)
    for (const match of code.matchAll(pattern)) found.push(match[0].replace(/\s*\($/, '').trim());
  // A column made NOT NULL on an existing table without a default: the previous release's inserts fail.
  const lines = code.split('\n');
  lines.forEach((line, index) => {
    if (!/\.notNullable\(\)/.test(line) || /\.defaultTo\(/.test(line)) return;
    const before = lines.slice(0, index + 1).join('\n');
    const altered = before.lastIndexOf('alterTable(');
    if (altered >= 0 && altered > before.lastIndexOf('createTable(')) found.push(line.trim());
  });
  return found;
}

/** Migrations after the cutoff of their schema, as `schema/name` with their source. */
export function migrationsAfterCutoff(): Array<{ name: string; source: string }> {
  return Object.entries(MIGRATION_DIRS).flatMap(([schema, dir]) =>
    fs
      .readdirSync(path.join(ROOT, dir))
      .filter((file) => /^\d+_.*\.ts$/.test(file) && file.replace(/\.ts$/, '') > EXPAND_CONTRACT_CUTOFF[schema]!)
      .map((file) => ({ name: `${schema}/${file}`, source: fs.readFileSync(path.join(ROOT, dir, file), 'utf8') })),
  );
}
