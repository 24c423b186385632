import type { Knex } from 'knex';

/**
 * What the canary watcher reads and writes (gateway.rum_event, gateway.rum_anomaly): field figures of a remote's
 * stable and canary versions counted by people, and the anomalies already reported to its owners.
 */

/** One side's figures over the watch window, counted by visitor. */
export interface SideFigures {
  /** Distinct visitors with at least one page view. */
  visitors: number;
  /** Page views, each visitor's capped at `viewsPerVisitor`; errors, each visitor's capped at their counted page views (one error per view at most). */
  views: number;
  errors: number;
  /** Page views and errors as received, uncapped. */
  reports: number;
  /** Visitors of the busiest address group (an IPv4 address, an IPv6 /64). */
  busiestAddressVisitors: number;
}

export interface WatchFigures {
  byVersion: Map<string, SideFigures>;
  /** Address groups the two sides' visitors came from, together. */
  addresses: number;
}

interface FigureRow {
  version: string;
  visitors: number;
  views: number;
  errors: number;
  reports: number;
  busiest: number;
}

/** Figures of `versions` of `remote` since `since` or the last `windowMs`, whichever is later; only rows naming their visitor count. */
export async function readWatchFigures(
  knex: Knex,
  options: { remote: string; versions: string[]; windowMs: number; since: string; viewsPerVisitor: number },
): Promise<WatchFigures> {
  const { rows } = await knex.raw<{ rows: (FigureRow & { addresses: number })[] }>(
    `with counted as (
       select remote_version, visitor, source, kind from gateway.rum_event
        where remote = ? and remote_version = any(?) and visitor is not null and kind in ('view', 'error')
          and received_at >= greatest(now() - make_interval(secs => ?), ?::timestamptz)
     ),
     per_visitor as (
       select remote_version, visitor, count(*) filter (where kind = 'view') as views, count(*) filter (where kind = 'error') as errors
         from counted group by remote_version, visitor
     ),
     per_source as (
       select remote_version, source, count(distinct visitor) as visitors from counted group by remote_version, source
     )
     select v.remote_version as version, v.visitors, v.views, v.errors, v.reports, s.busiest,
            (select count(distinct source) from counted)::int as addresses
       from (select remote_version,
                    count(*) filter (where views > 0)::int as visitors,
                    coalesce(sum(least(views, ?)), 0)::int as views,
                    coalesce(sum(least(errors, views, ?)), 0)::int as errors,
                    coalesce(sum(views + errors), 0)::int as reports
               from per_visitor group by remote_version) v
       join (select remote_version, max(visitors)::int as busiest from per_source group by remote_version) s using (remote_version)`,
    [
      options.remote,
      options.versions,
      options.windowMs / 1000,
      options.since,
      options.viewsPerVisitor,
      options.viewsPerVisitor,
    ],
  );
  return {
    byVersion: new Map(
      rows.map((row) => [
        row.version,
        {
          visitors: row.visitors,
          views: row.views,
          errors: row.errors,
          reports: row.reports,
          busiestAddressVisitors: row.busiest,
        },
      ]),
    ),
    addresses: rows[0]?.addresses ?? 0,
  };
}

/** Records a canary's anomaly; false when one was already recorded for it (by this gateway or another). */
export async function recordAnomaly(
  knex: Knex,
  anomaly: { remote: string; canaryVersion: string; detail: object },
): Promise<boolean> {
  const inserted = await knex('gateway.rum_anomaly')
    .insert({ remote: anomaly.remote, canary_version: anomaly.canaryVersion, detail: JSON.stringify(anomaly.detail) })
    .onConflict(['remote', 'canary_version'])
    .ignore()
    .returning('remote');
  return inserted.length > 0;
}
