import type { Knex } from 'knex';

/** One query a page's answer ran, as knex sent it (PostgreSQL's positional parameters, prepared bindings). */
interface SentQuery {
  sql: string;
  bindings: unknown[];
}

/** The buffers a page's answer touched: shared hits plus reads, over its queries, and how many queries it ran. */
export interface PageBuffers {
  /** Shared buffers hit and read by the answer's read queries, summed (counts pages of 8 kB; the machine's speed does not change it). */
  buffers: number;
  queries: number;
  /** The costliest query's buffers, its first words and its plan's nodes, so a page over its budget shows where to look. */
  costliest: { buffers: number; sql: string; plan: string[] } | null;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const buffersOf = (node: PlanNode) => (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0);

/** A plan's nodes one a line, indented by depth: kind, table and index, rows, buffers. */
function planLines(node: PlanNode, depth = 0): string[] {
  const on = [node['Relation Name'], node['Index Name'] && `using ${node['Index Name']}`].filter(Boolean).join(' ');
  return [
    `${'  '.repeat(depth)}${node['Node Type']}${on ? ` on ${on}` : ''}: ${node['Actual Rows'] ?? 0} rows, ${buffersOf(node)} buffers`,
    ...(node.Plans ?? []).flatMap((child) => planLines(child, depth + 1)),
  ];
}

/** Only read queries are run again under EXPLAIN ANALYZE (it executes them): a write would be done twice. */
const READ_ONLY = /^\s*(select|with)\b/i;
const WRITES = /\b(insert|update|delete)\b[\s\S]*\b(into|set|from)\b/i;

/**
 * Runs `answer` with every query the databases `sources` receive recorded (knex's query event), then runs each recorded
 * read query again under EXPLAIN (ANALYZE, BUFFERS) on its own database: the answer's buffers, shared hits plus reads of
 * the top plan node (which includes its children's). Writes, and statements that are not queries, are left out.
 */
export async function answerBuffers(sources: Knex[], answer: () => Promise<unknown>): Promise<PageBuffers> {
  const sent: { knex: Knex; query: SentQuery }[] = [];
  const listeners = sources.map((knex) => {
    const listener = (query: SentQuery) =>
      sent.push({ knex, query: { sql: query.sql, bindings: query.bindings ?? [] } });
    knex.on('query', listener);
    return { knex, listener };
  });
  try {
    await answer();
  } finally {
    for (const { knex, listener } of listeners) knex.off('query', listener);
  }
  let buffers = 0;
  let queries = 0;
  let costliest: PageBuffers['costliest'] = null;
  for (const { knex, query } of sent) {
    if (!READ_ONLY.test(query.sql) || (/^\s*with\b/i.test(query.sql) && WRITES.test(query.sql))) continue;
    const plan = await explain(knex, query);
    queries += 1;
    buffers += buffersOf(plan);
    if (!costliest || buffersOf(plan) > costliest.buffers)
      costliest = {
        buffers: buffersOf(plan),
        sql: query.sql.replace(/\s+/g, ' ').slice(0, 160),
        plan: planLines(plan),
      };
  }
  return { buffers, queries, costliest };
}

/** One query's plan as EXPLAIN (ANALYZE, BUFFERS) gives it, on a connection of its own database. */
async function explain(knex: Knex, query: SentQuery): Promise<PlanNode> {
  // Knex's own raw() would read the `?` of jsonb operators as bindings: the driver's connection takes the SQL as sent.
  const connection = (await knex.client.acquireConnection()) as {
    query(q: { text: string; values: unknown[] }): Promise<{ rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[] }>;
  };
  try {
    const result = await connection.query({
      text: `explain (analyze, buffers, format json) ${query.sql}`,
      values: query.bindings,
    });
    return result.rows[0]!['QUERY PLAN'][0]!.Plan;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
