import type { Knex } from 'knex';
import type { RumBeacon, VersionBucket, VersionFigures } from '@sq/contracts/rum';

/** Who sent a report, as stored: keyed hashes of the visitor id and of the address group (never either itself). */
export interface ReportSender {
  visitor: string;
  source: string;
}

/** Stores one beacon's events, one row each, attributed as the browser reported them and to its sender. */
export async function storeEvents(knex: Knex, beacon: RumBeacon, sender: ReportSender): Promise<void> {
  await knex('gateway.rum_event').insert(
    beacon.events.map((event) => ({
      visitor: sender.visitor,
      source: sender.source,
      kind: event.kind,
      navigation: event.navigation,
      route: event.route,
      remote: event.remote,
      remote_version: event.remoteVersion,
      shell_version: beacon.shellVersion,
      metric: event.kind === 'vital' ? event.metric : null,
      value: event.kind === 'vital' ? event.value : null,
      message: event.kind === 'error' ? event.message : null,
      stack: event.kind === 'error' ? event.stack : null,
    })),
  );
}

/** Deletes what is older than the retention; safe from several instances at once. Returns the rows deleted. */
export async function pruneEvents(knex: Knex, retentionDays: number): Promise<number> {
  return knex('gateway.rum_event')
    .where('received_at', '<', knex.raw("now() - ? * interval '1 day'", [retentionDays]))
    .delete();
}

/** Page views, errors and the p75 of each vital, of the rows the query selects (grouped by its caller). */
const FIGURES = `
  count(*) filter (where kind = 'view')::int as views,
  count(*) filter (where kind = 'error')::int as errors,
  percentile_cont(0.75) within group (order by value) filter (where metric = 'LCP') as "LCP",
  percentile_cont(0.75) within group (order by value) filter (where metric = 'INP') as "INP",
  percentile_cont(0.75) within group (order by value) filter (where metric = 'CLS') as "CLS"`;

interface FigureRow {
  remote: string;
  version: string;
  views: number;
  errors: number;
  LCP: number | null;
  INP: number | null;
  CLS: number | null;
}

export interface WindowFigures {
  /** Per remote, per version: the window's figures and its buckets (every bucket, empty ones too). */
  byRemote: Map<string, Map<string, VersionFigures & { buckets: VersionBucket[] }>>;
}

const figuresOf = (row: FigureRow): VersionFigures => ({
  version: row.version,
  views: row.views,
  errors: row.errors,
  errorRate: row.views > 0 ? row.errors / row.views : null,
  LCP: row.LCP,
  INP: row.INP,
  CLS: row.CLS,
});

/**
 * Every remote version's figures over [from, to), and the same per bucket of `bucketMinutes` from `from`, for
 * the charts. Percentiles are computed by PostgreSQL over the rows (percentile_cont), never averaged from buckets.
 */
export async function windowFigures(knex: Knex, from: Date, to: Date, bucketMinutes: number): Promise<WindowFigures> {
  const range = [from.toISOString(), to.toISOString()] as const;
  const [totals, buckets] = await Promise.all([
    knex.raw<{ rows: FigureRow[] }>(
      `select remote, remote_version as version, ${FIGURES}
         from gateway.rum_event where received_at >= ? and received_at < ?
        group by remote, remote_version`,
      range,
    ),
    knex.raw<{ rows: (FigureRow & { at: Date })[] }>(
      `select remote, remote_version as version, date_bin(? * interval '1 minute', received_at, ?::timestamptz) as at, ${FIGURES}
         from gateway.rum_event where received_at >= ? and received_at < ?
        group by remote, remote_version, at`,
      [bucketMinutes, from.toISOString(), ...range],
    ),
  ]);
  const bucketCount = Math.ceil((to.getTime() - from.getTime()) / (bucketMinutes * 60_000));
  const emptyBuckets = (): VersionBucket[] =>
    Array.from({ length: bucketCount }, (_, i) => ({
      at: new Date(from.getTime() + i * bucketMinutes * 60_000).toISOString(),
      views: 0,
      errors: 0,
      LCP: null,
      INP: null,
      CLS: null,
    }));

  const byRemote: WindowFigures['byRemote'] = new Map();
  for (const row of totals.rows) {
    const versions = byRemote.get(row.remote) ?? new Map();
    versions.set(row.version, { ...figuresOf(row), buckets: emptyBuckets() });
    byRemote.set(row.remote, versions);
  }
  for (const row of buckets.rows) {
    const version = byRemote.get(row.remote)?.get(row.version);
    const index = Math.floor((new Date(row.at).getTime() - from.getTime()) / (bucketMinutes * 60_000));
    const bucket = version?.buckets[index];
    if (!bucket) continue;
    const { version: _version, errorRate: _rate, ...figures } = figuresOf(row);
    Object.assign(bucket, figures);
  }
  return { byRemote };
}
