import type { Knex } from 'knex';
import type { Mailer } from '@sq/service-kit';
import { autoRollbackCanary } from './release-actions';
import { toPointer } from './registry-store';
import type { WatchSettings } from './releases-config';
import { readWatchFigures, recordAnomaly, type SideFigures } from './watch-figures';

/** One side's figures, counted by visitor (watch-figures.ts). */
export type VersionFigures = SideFigures;

export interface AutoRollback {
  remote: string;
  canaryVersion: string;
  liveVersion: string;
  canary: VersionFigures;
  stable: VersionFigures;
  reason: string;
}

/** Reports that few visitors or few addresses account for: the owners are told, and nothing is decided on them. */
export interface Anomaly {
  remote: string;
  canaryVersion: string;
  liveVersion: string;
  canary: VersionFigures;
  stable: VersionFigures;
  reason: string;
}

export interface WatchResult {
  rollbacks: AutoRollback[];
  /** Anomalies found for the first time (each canary's is reported once, whichever gateway finds it). */
  anomalies: Anomaly[];
}

const EMPTY: VersionFigures = { visitors: 0, views: 0, errors: 0, reports: 0, busiestAddressVisitors: 0 };
const rate = (f: VersionFigures) => (f.views === 0 ? 0 : f.errors / f.views);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Why a side's reports cannot be trusted to decide, or null (the README's release watcher section has the arithmetic). */
function anomalyOf(side: string, figures: VersionFigures, addresses: number, settings: WatchSettings): string | null {
  if (figures.reports > settings.anomalyReportsPerVisitor * Math.max(figures.visitors, 1)) {
    return `${side}의 보고 ${figures.reports}건이 방문자 ${figures.visitors}명에게서 왔어요 (한 명당 ${settings.anomalyReportsPerVisitor}건 초과).`;
  }
  if (
    addresses >= settings.anomalyMinAddresses &&
    figures.visitors >= settings.minVisitors &&
    figures.busiestAddressVisitors > settings.anomalyAddressShare * figures.visitors
  ) {
    return `${side} 방문자 ${figures.visitors}명 중 ${figures.busiestAddressVisitors}명이 한 주소 대역에서 왔어요 (${percent(settings.anomalyAddressShare)} 초과).`;
  }
  return null;
}

/**
 * One look at every running canary: its error rate against the stable version's over the same span (the
 * window, and only since the canary started), both counted by visitor: each visitor's page views and errors
 * are capped at `viewsPerVisitor`, and only rows of visitors the gateway assigned that version count. A canary
 * is rolled back when each side has at least `minVisitors` visitors, the canary `minViews` page views, and its
 * rate exceeds the stable rate by more than the margin; the pointer's compare-and-swap makes that happen once
 * even when every gateway looks at the same moment. Reports concentrated on few visitors or one address group
 * are an anomaly: recorded once per canary for the owners, and no decision is made while it lasts.
 */
export async function checkCanaries(knex: Knex, settings: WatchSettings): Promise<WatchResult> {
  const pointers = (await knex('gateway.remote_pointer').whereNotNull('canary_version')).map(toPointer);
  const result: WatchResult = { rollbacks: [], anomalies: [] };
  for (const pointer of pointers) {
    const canary = pointer.canary!;
    const read = await readWatchFigures(knex, {
      remote: pointer.remote,
      versions: [pointer.live, canary.version],
      windowMs: settings.windowMs,
      since: canary.startedAt,
      viewsPerVisitor: settings.viewsPerVisitor,
    });
    const canaryFigures = read.byVersion.get(canary.version) ?? EMPTY;
    const stableFigures = read.byVersion.get(pointer.live) ?? EMPTY;
    const anomaly =
      anomalyOf('카나리', canaryFigures, read.addresses, settings) ??
      anomalyOf('안정 버전', stableFigures, read.addresses, settings);
    if (anomaly) {
      const found = {
        remote: pointer.remote,
        canaryVersion: canary.version,
        liveVersion: pointer.live,
        canary: canaryFigures,
        stable: stableFigures,
        reason: anomaly,
      };
      if (await recordAnomaly(knex, { remote: pointer.remote, canaryVersion: canary.version, detail: found }))
        result.anomalies.push(found);
      continue;
    }
    if (
      canaryFigures.visitors < settings.minVisitors ||
      stableFigures.visitors < settings.minVisitors ||
      canaryFigures.views < settings.minViews
    )
      continue;
    if (rate(canaryFigures) <= rate(stableFigures) + settings.margin) continue;
    const reason =
      `카나리 오류율 ${percent(rate(canaryFigures))} (페이지뷰 ${canaryFigures.views}, 오류 ${canaryFigures.errors})이 ` +
      `안정 버전 ${percent(rate(stableFigures))} (페이지뷰 ${stableFigures.views}, 오류 ${stableFigures.errors})보다 ${percent(settings.margin)} 넘게 높아 ` +
      `(방문자 카나리 ${canaryFigures.visitors}명, 안정 버전 ${stableFigures.visitors}명) 자동으로 되돌렸어요.`;
    const rolledBack = await autoRollbackCanary(knex, {
      remote: pointer.remote,
      canaryVersion: canary.version,
      revision: pointer.revision,
      reason,
    });
    if (rolledBack)
      result.rollbacks.push({
        remote: pointer.remote,
        canaryVersion: canary.version,
        liveVersion: pointer.live,
        canary: canaryFigures,
        stable: stableFigures,
        reason,
      });
  }
  return result;
}

/** The mail to a remote's owners about an anomaly: the watcher is not deciding on these figures. */
export function anomalyMail(anomaly: Anomaly, siteName: string): { subject: string; text: string; html: string } {
  const subject = `[${siteName}] ${anomaly.remote} ${anomaly.canaryVersion} 카나리의 성능 보고가 이상해 자동 판단을 멈췄어요`;
  const text = [
    `${anomaly.remote}의 카나리 버전 ${anomaly.canaryVersion}과(와) 안정 버전 ${anomaly.liveVersion}의 성능 보고가 소수의 방문자나 주소에 몰려 있어요.`,
    '이 보고로는 자동으로 되돌리지 않아요. 출시를 직접 확인해 주세요.',
    '',
    anomaly.reason,
    '',
    '자세한 수치는 운영자 화면의 /admin/releases에서 볼 수 있어요.',
  ].join('\n');
  return { subject, text, html: htmlOf(text) };
}

const htmlOf = (text: string) => {
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return text
    .split('\n')
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
};

/** The mail to a remote's owners about an automatic rollback. */
export function rollbackMail(
  rollback: AutoRollback,
  siteName: string,
): { subject: string; text: string; html: string } {
  const subject = `[${siteName}] ${rollback.remote} ${rollback.canaryVersion} 카나리 출시가 자동으로 되돌려졌어요`;
  const text = [
    `${rollback.remote}의 카나리 버전 ${rollback.canaryVersion}을(를) 자동으로 되돌렸어요.`,
    `지금은 모든 방문자가 안정 버전 ${rollback.liveVersion}을(를) 사용해요.`,
    '',
    rollback.reason,
    '',
    '자세한 기록은 운영자 화면의 /admin/releases에서 볼 수 있어요.',
  ].join('\n');
  return { subject, text, html: htmlOf(text) };
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
  /** Counts each anomaly found (gateway_release_watch_anomalies_total in /metrics). */
  anomalies: { inc(labels: { remote: string }): void };
}): () => Promise<void> {
  const { knex, settings, mailer, owners, siteName, log } = options;
  const mail = async (remote: string, message: { subject: string; text: string; html: string }, what: string) => {
    for (const to of owners[remote] ?? owners['*'] ?? []) {
      await mailer
        .send({ to, ...message })
        .catch((error: unknown) => log.warn({ err: error, to }, `${what} mail not sent`));
    }
  };
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      const { rollbacks, anomalies } = await checkCanaries(knex, settings);
      for (const rollback of rollbacks) {
        log.info(
          {
            remote: rollback.remote,
            version: rollback.canaryVersion,
            canary: rollback.canary,
            stable: rollback.stable,
          },
          'canary rolled back automatically',
        );
        options.rollbacks?.inc({ remote: rollback.remote });
        await mail(rollback.remote, rollbackMail(rollback, siteName), 'rollback');
      }
      for (const anomaly of anomalies) {
        options.anomalies.inc({ remote: anomaly.remote });
        log.warn(
          {
            remote: anomaly.remote,
            version: anomaly.canaryVersion,
            canary: anomaly.canary,
            stable: anomaly.stable,
            reason: anomaly.reason,
          },
          'field figures anomalous: canary not judged automatically',
        );
        await mail(anomaly.remote, anomalyMail(anomaly, siteName), 'anomaly');
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
