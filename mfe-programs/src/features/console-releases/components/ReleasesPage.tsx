import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import type { ReleaseLogEntry, ReleaseWindow, ReleasesResponse, RemoteReleaseFigures } from '@sq/contracts/rum';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { EmptyState, ErrorFallback, Spinner } from '@sq/ui';
import { getReleases } from '../api/get-releases';
import { cls, ms, percent, RELEASE_WINDOW_LABELS } from '../release-figures';
import styles from '../../../shared/console/console.module.css';
import { ReleaseChart } from './ReleaseChart';
import { seoulTime } from '../../../shared/console/AuditCells';
import { TableWrap } from '../../../shared/console/TableWrap';

const isWindow = (value: string | null): value is ReleaseWindow => RELEASE_WINDOW_LABELS.some(([w]) => w === value);
const day = (iso: string) => iso.slice(0, 10).replace(/-/g, '.');

function stateOf(remote: RemoteReleaseFigures, version: string): string {
  if (remote.live?.version === version) return '운영 중';
  if (remote.canary?.version === version)
    return remote.canary.percent === null ? '카나리' : `카나리 ${remote.canary.percent}%`;
  return '이전 버전';
}

const EVENT_LABELS: Record<ReleaseLogEntry['kind'], string> = {
  release: '배포',
  canary: '카나리 배포',
  promote: '전체 전환',
  rollback: '롤백',
  auto_rollback: '자동 롤백',
  forced_release: '강제 배포',
};
const pointer = (state: ReleaseLogEntry['after'] | null) =>
  state ? `${state.live}${state.canary ? ` + 카나리 ${state.canary.version} (${state.canary.percent}%)` : ''}` : '-';

/** The remote's release log: who moved the pointer, when, from what to what, and why (an automatic rollback says why). */
function ReleaseLog({ remote }: { remote: RemoteReleaseFigures }) {
  if (remote.events.length === 0) return null;
  return (
    <TableWrap label={`${remote.name} 배포 기록`}>
      <table className={styles.table} data-testid="release-log">
        <thead>
          <tr>
            <th scope="col">일시</th>
            <th scope="col">구분</th>
            <th scope="col">변경</th>
            <th scope="col">누가</th>
            <th scope="col">사유</th>
          </tr>
        </thead>
        <tbody>
          {remote.events.map((event) => (
            <tr key={`${event.at}-${event.kind}`} data-kind={event.kind}>
              <td>{seoulTime(event.at)}</td>
              <td>{EVENT_LABELS[event.kind]}</td>
              <td>{`${pointer(event.before)} → ${pointer(event.after)}`}</td>
              <td>{event.actor}</td>
              <td>{event.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function RemoteReleases({ remote }: { remote: RemoteReleaseFigures }) {
  return (
    <section className={styles.section} data-testid="release-remote" data-remote={remote.name}>
      <h2 className={styles.subtitle}>{remote.name}</h2>
      <p className={styles.lead}>
        운영 버전 {remote.live ? `${remote.live.version} (${day(remote.live.releasedAt)} 배포)` : '없음'}
        {' · '}카나리{' '}
        {remote.canary
          ? `${remote.canary.version}${remote.canary.percent === null ? '' : ` (${remote.canary.percent}%)`}`
          : '없음'}
        {remote.history.length > 0
          ? ` · 이전 배포 ${remote.history.map((h) => `${h.version} (${day(h.releasedAt)})`).join(', ')}`
          : ''}
      </p>
      <TableWrap label={`${remote.name} 버전별 지표`}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">버전</th>
              <th scope="col">상태</th>
              <th scope="col" className={styles.num}>
                페이지뷰
              </th>
              <th scope="col" className={styles.num}>
                오류
              </th>
              <th scope="col" className={styles.num}>
                오류율
              </th>
              <th scope="col" className={styles.num}>
                LCP p75
              </th>
              <th scope="col" className={styles.num}>
                INP p75
              </th>
              <th scope="col" className={styles.num}>
                CLS p75
              </th>
            </tr>
          </thead>
          <tbody>
            {remote.versions.map((v) => (
              <tr key={v.version} data-testid="release-version" data-version={v.version}>
                <td>{v.version}</td>
                <td>{stateOf(remote, v.version)}</td>
                <td className={styles.num}>{v.views.toLocaleString('ko-KR')}</td>
                <td className={styles.num}>{v.errors.toLocaleString('ko-KR')}</td>
                <td className={styles.num}>{percent(v.errorRate)}</td>
                <td className={styles.num}>{ms(v.LCP)}</td>
                <td className={styles.num}>{ms(v.INP)}</td>
                <td className={styles.num}>{cls(v.CLS)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {remote.versions
        .filter((v) => v.buckets.length > 0)
        .map((v) => (
          <details key={v.version} open={remote.live?.version === v.version}>
            <summary className={styles.link}>{v.version} 추이</summary>
            <div className={styles.charts}>
              <ReleaseChart
                label="페이지뷰"
                buckets={v.buckets}
                pick={(b) => b.views}
                format={(n) => n.toLocaleString('ko-KR')}
              />
              <ReleaseChart
                label="오류"
                buckets={v.buckets}
                pick={(b) => b.errors}
                format={(n) => n.toLocaleString('ko-KR')}
              />
              <ReleaseChart label="LCP p75" buckets={v.buckets} pick={(b) => b.LCP} format={ms} />
              <ReleaseChart label="INP p75" buckets={v.buckets} pick={(b) => b.INP} format={ms} />
              <ReleaseChart label="CLS p75" buckets={v.buckets} pick={(b) => b.CLS} format={cls} />
            </div>
          </details>
        ))}
      <ReleaseLog remote={remote} />
    </section>
  );
}

/**
 * `/admin/releases[?window=]`: for each remote, the live version, any canary and the release history, and per
 * version over the chosen window the page views, error rate and p75 of LCP, INP and CLS from visitors'
 * browsers, with their course over time.
 */
export function ReleasesPage() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('window');
  const period: ReleaseWindow = isWindow(chosen) ? chosen : '24h';
  const [data, setData] = useState<ReleasesResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setError(null);
      try {
        const answer = await getReleases(period, signal);
        if (!signal?.aborted) setData(answer);
      } catch (e) {
        if (!signal?.aborted) setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      }
    },
    [period],
  );

  useEffect(() => {
    const controller = new AbortController();
    setData(null);
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>배포 현황</h1>
          <p className={styles.lead}>화면 묶음별 운영·카나리 버전과, 방문자 브라우저에서 모은 버전별 지표예요.</p>
        </div>
        <label className={styles.field}>
          <span className={styles.label}>기간</span>
          <select
            className={styles.select}
            value={period}
            onChange={(e) => setParams({ window: e.target.value })}
            data-testid="release-window"
          >
            {RELEASE_WINDOW_LABELS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </header>
      {error ? <ErrorFallback title={error} onRetry={() => void load()} /> : null}
      {!error && !data ? <Spinner boxed /> : null}
      {data && data.remotes.length === 0 ? <EmptyState title="배포된 화면 묶음이 없어요" /> : null}
      {data?.remotes.map((remote) => (
        <RemoteReleases key={remote.name} remote={remote} />
      ))}
    </>
  );
}
