import type { Knex } from 'knex';
import type { Mailer } from '@sq/service-kit';
import { autoRollbackCanary } from './release-actions';
import { toPointer } from './registry-store';
import type { WatchSettings } from './releases-config';

/** Page views and uncaught errors of one version over the watch window (gateway.rum_event). */
export interface VersionFigures {
  views: number;
  errors: number;
}

export interface AutoRollback {
  remote: string;
  canaryVersion: string;
  liveVersion: string;
  canary: VersionFigures;
  stable: VersionFigures;
  reason: string;
}

const rate = (f: VersionFigures) => (f.views === 0 ? 0 : f.errors / f.views);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/**
 * One look at every running canary: its error rate against the stable version's over the same span (the
 * window, and only since the canary started). A canary with enough page views whose rate exceeds the stable
 * rate by more than the margin is rolled back; the pointer's compare-and-swap makes that happen once even when
 * every gateway looks at the same moment. Returns the rollbacks this call made.
 */
export async function checkCanaries(knex: Knex, settings: WatchSettings): Promise<AutoRollback[]> {
  const pointers = (await knex('gateway.remote_pointer').whereNotNull('canary_version')).map(toPointer);
  const done: AutoRollback[] = [];
  for (const pointer of pointers) {
    const canary = pointer.canary!;
    const rows: { remote_version: string; views: string; errors: string }[] = await knex('gateway.rum_event')
      .select('remote_version')
      .select(knex.raw("count(*) filter (where kind = 'view') as views"), knex.raw("count(*) filter (where kind = 'error') as errors"))
      .where('remote', pointer.remote)
      .whereIn('remote_version', [pointer.live, canary.version])
      .where('received_at', '>=', knex.raw('greatest(now() - make_interval(secs => ?), ?::timestamptz)', [settings.windowMs / 1000, canary.startedAt]))
      .groupBy('remote_version');
    const figures = (version: string): VersionFigures => {
      const row = rows.find((r) => r.remote_version === version);
      return { views: Number(row?.views ?? 0), errors: Number(row?.errors ?? 0) };
    };
    const canaryFigures = figures(canary.version);
    const stableFigures = figures(pointer.live);
    if (canaryFigures.views < settings.minViews) continue;
    if (rate(canaryFigures) <= rate(stableFigures) + settings.margin) continue;
    const reason =
      `카나리 오류율 ${percent(rate(canaryFigures))} (페이지뷰 ${canaryFigures.views}, 오류 ${canaryFigures.errors})이 ` +
      `안정 버전 ${percent(rate(stableFigures))} (페이지뷰 ${stableFigures.views}, 오류 ${stableFigures.errors})보다 ${percent(settings.margin)} 넘게 높아 자동으로 되돌렸어요.`;
    const rolledBack = await autoRollbackCanary(knex, { remote: pointer.remote, canaryVersion: canary.version, revision: pointer.revision, reason });
    if (rolledBack) done.push({ remote: pointer.remote, canaryVersion: canary.version, liveVersion: pointer.live, canary: canaryFigures, stable: stableFigures, reason });
  }
  return done;
}

/** The mail to a remote's owners about an automatic rollback. */
export function rollbackMail(rollback: AutoRollback, siteName: string): { subject: string; text: string; html: string } {
  const subject = `[${siteName}] ${rollback.remote} ${rollback.canaryVersion} 카나리 출시가 자동으로 되돌려졌어요`;
  const text = [
    `${rollback.remote}의 카나리 버전 ${rollback.canaryVersion}을(를) 자동으로 되돌렸어요.`,
    `지금은 모든 방문자가 안정 버전 ${rollback.liveVersion}을(를) 사용해요.`,
    '',
    rollback.reason,
    '',
    '자세한 기록은 운영자 화면의 /admin/releases에서 볼 수 있어요.',
  ].join('\n');
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return { subject, text, html: text.split('\n').map((line) => `<p>${escape(line)}</p>`).join('') };
}

/**
 * Runs `checkCanaries` every `intervalMs` on this gateway and mails the owners of each remote it rolled back
 * (a failed mail is logged; the rollback stands). Returns the stop function, which waits for a look in progress.
 */
export function startCanaryWatcher(options: {
  knex: Knex;
  settings: WatchSettings;
  mailer: Mailer;
  owners: Record<string, string[]>;
  siteName: string;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** Counts the rollbacks this gateway made (`release_canary_rollbacks_total`, which an alert watches). */
  rollbacks?: { inc(labels: { remote: string }): void };
}): () => Promise<void> {
  const { knex, settings, mailer, owners, siteName, log } = options;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      const rollbacks = await checkCanaries(knex, settings);
      for (const rollback of rollbacks) {
        log.info({ remote: rollback.remote, version: rollback.canaryVersion, canary: rollback.canary, stable: rollback.stable }, 'canary rolled back automatically');
        options.rollbacks?.inc({ remote: rollback.remote });
        const mail = rollbackMail(rollback, siteName);
        for (const to of owners[rollback.remote] ?? owners['*'] ?? []) {
          await mailer.send({ to, ...mail }).catch((error: unknown) => log.warn({ err: error, to }, 'rollback mail not sent'));
        }
      }
    })()
      .catch((error: unknown) => log.warn({ err: error }, 'canary watch failed; trying again at the next interval'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, settings.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
