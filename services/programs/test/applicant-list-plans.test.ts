import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '@sq/contracts';
import { build, type TestService } from '@sq/service-kit/testing';
import { programsService } from '../src/service';

/**
 * The applicant list's friend request filters are planned on their partial indexes, which PostgreSQL uses only for a
 * query that states the index's predicate: a filter whose SQL drifts from it would read every row's answers in the
 * table again, which only a large cohort shows (the data-at-scale bench). Here each filter's queries are planned with
 * every path but an index-only scan ruled out: only an index that holds all they read, the partial one, is left.
 */
const BSIDE = 112;
const ADMIN: Identity = { userId: 900_301, role: 'ROLE_ADMIN', sid: 'sid-applicant-list-plans' };

let service: TestService;
beforeAll(async () => {
  service = await build(programsService);
});
afterAll(async () => {
  await service?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The list page's queries on the cohort's applications (the page of join ids and the count), as knex sent them. */
async function listQueries(query: string): Promise<{ sql: string; bindings: unknown[] }[]> {
  const sent: { sql: string; bindings: unknown[] }[] = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => sent.push({ sql: q.sql, bindings: q.bindings ?? [] });
  service.app.knex.on('query', listener);
  try {
    const response = await service.app.inject({
      method: 'GET',
      url: `/api/admin/cohorts/${BSIDE}/applicants?${query}`,
      headers: service.as(ADMIN),
    });
    expect(response.statusCode, response.body).toBe(200);
  } finally {
    service.app.knex.off('query', listener);
  }
  return sent.filter((q) => /^\s*(with paged as|select count\(\*\))/i.test(q.sql));
}

/**
 * The indexes a query's plan reads the applications through when every other way to them is gone: the table's other
 * indexes dropped (in a transaction rolled back) but its constraints' (its primary key, by which a page's rows are
 * read, and unique keys the query does not name), and sequential and bitmap scans ruled out. A partial index is then
 * used if and only if the query states its predicate.
 */
async function applicationIndexes(query: { sql: string; bindings: unknown[] }): Promise<string[]> {
  // Knex's raw() would read the `?` of jsonb operators as bindings: the driver's connection takes the SQL as sent.
  const connection = (await service.app.knex.client.acquireConnection()) as {
    query<Row>(q: string | { text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
  };
  try {
    await connection.query('begin');
    const others = await connection.query<{ name: string }>(`select i.indexrelid::regclass::text as name from pg_index i
      where i.indrelid = 'application'::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid) and i.indexrelid <> all(array['application_cohort_friend_requests', 'application_cohort_no_friend_requests']::regclass[])`);
    for (const { name } of others.rows) await connection.query(`drop index ${name}`);
    await connection.query('set local enable_seqscan = off; set local enable_bitmapscan = off');
    const result = await connection.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>({
      text: `explain (format json) ${query.sql}`,
      values: query.bindings,
    });
    return nodes(result.rows[0]!['QUERY PLAN'][0]!.Plan)
      .filter((n) => n['Relation Name'] === 'application' && n['Index Name'])
      .map((n) => n['Index Name']!);
  } finally {
    await connection.query('rollback');
    await service.app.knex.client.releaseConnection(connection);
  }
}

describe('the applicant list’s friend request filters', () => {
  it.each([
    ['friends=false', 'application_cohort_no_friend_requests'],
    ['friendStatus=NONE&role=DESIGNER', 'application_cohort_no_friend_requests'],
    ['friends=true', 'application_cohort_friend_requests'],
    ['friendStatus=UNDECIDED', 'application_cohort_friend_requests'],
  ])('%s: the page and the count read %s alone', async (query, index) => {
    const queries = await listQueries(query);
    expect(queries).toHaveLength(2);
    for (const q of queries) expect(await applicationIndexes(q), q.sql).toContain(index);
  });

  it('still lists the cohort whole between its two indexes: those with requests and those without', async () => {
    const list = async (query: string) =>
      (
        await service.app.inject({
          method: 'GET',
          url: `/api/admin/cohorts/${BSIDE}/applicants?${query}`,
          headers: service.as(ADMIN),
        })
      ).json().total as number;
    const [all, asked, none] = [await list(''), await list('friends=true'), await list('friends=false')];
    expect(asked).toBeGreaterThan(0);
    expect(none).toBeGreaterThan(0);
    expect(asked + none).toBe(all);
  });
});
