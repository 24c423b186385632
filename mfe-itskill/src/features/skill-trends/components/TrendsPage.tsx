import { useSearchParams } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import type { SkillTrends } from '@sq/contracts';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { EmptyState, ErrorFallback, Spinner, formatThousands } from '@sq/ui';
import { useTrends } from '../api/trends-api';
import { DEMO_MARK, changeRows, levelRows, missedRows, type Series } from '../trend-series';
import { GroupedBarChart, MissedAreaChart, SeasonLineChart } from './TrendCharts';
import styles from './skill-trends.module.css';

/** How many of each job group's weakest areas the "most missed" chart shows. */
const MISSED_PER_GROUP = 2;

const cell = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '-' : typeof value === 'number' ? `${value}점` : value;

/** The table a screen reader reads instead of the chart next to it. */
function SeriesTable({
  caption,
  first,
  rows,
  series,
  rowKey,
}: {
  caption: string;
  first: string;
  rows: Record<string, string | number | null>[];
  series: Series[];
  rowKey: string;
}) {
  return (
    <table className={styles.srOnly}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {series.map((s) => (
            <th key={s.key} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[rowKey])}>
            <th scope="row">{row[rowKey]}</th>
            {series.map((s) => (
              <td key={s.key}>{cell(row[s.key])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Trends({ trends, onSeason }: { trends: SkillTrends; onSeason: (surveyId: number) => void }) {
  const levels = levelRows(trends);
  const missed = missedRows(trends, MISSED_PER_GROUP);
  const changes = changeRows(trends);
  const empty = trends.season.participantCount === 0;
  return (
    <article className={styles.page} data-testid="itskill-trends" aria-labelledby="itskill-trends-title">
      <header className={styles.header}>
        <p className={styles.eyebrow}>IT 스킬 트렌드</p>
        <h1 id="itskill-trends-title" className={styles.title}>
          직군·경력별 IT 스킬 수준
        </h1>
        <p className={styles.lead}>IT 스킬 체크업을 마친 참여자의 실제 결과로 만들었어요.</p>
        <label className={styles.season}>
          <span>시즌</span>
          <select
            value={trends.season.surveyId}
            onChange={(e) => onSeason(Number(e.target.value))}
            data-testid="itskill-trends-season"
          >
            {[...trends.seasons].reverse().map((s) => (
              <option key={s.surveyId} value={s.surveyId}>
                {s.title.replace(DEMO_MARK, '')}
                {s.isDemo ? DEMO_MARK : ''}
              </option>
            ))}
          </select>
        </label>
        <p className={styles.meta} data-testid="itskill-trends-participants">
          참여자 {formatThousands(trends.season.participantCount)}명
          {trends.season.isDemo ? <span className={styles.demo}>예시 데이터 · 실제 참여자 결과가 아니에요</span> : null}
        </p>
      </header>

      <section aria-labelledby="trend-levels">
        <h2 id="trend-levels" className={styles.sectionTitle}>
          직군·경력별 평균 점수
        </h2>
        {empty ? (
          <p className={styles.empty}>이 시즌에는 아직 참여자가 없어요.</p>
        ) : (
          <>
            <figure className={styles.chart} aria-hidden="true">
              <GroupedBarChart rows={levels.rows} series={levels.series} category="band" />
            </figure>
            <SeriesTable
              caption="직군·경력별 평균 점수 (100점 만점)"
              first="경력"
              rows={levels.rows}
              series={levels.series}
              rowKey="band"
            />
          </>
        )}
      </section>

      <section aria-labelledby="trend-missed">
        <h2 id="trend-missed" className={styles.sectionTitle}>
          가장 많이 놓친 영역
        </h2>
        {empty ? (
          <p className={styles.empty}>이 시즌에는 아직 참여자가 없어요.</p>
        ) : (
          <>
            <figure className={styles.chart} aria-hidden="true">
              <MissedAreaChart rows={missed} />
            </figure>
            <table className={styles.srOnly} data-testid="itskill-trends-missed">
              <caption>직군별로 평균 점수가 가장 낮은 영역</caption>
              <thead>
                <tr>
                  <th scope="col">직군</th>
                  <th scope="col">영역</th>
                  <th scope="col">평균 점수</th>
                </tr>
              </thead>
              <tbody>
                {missed.map((m) => (
                  <tr key={m.label}>
                    <td>{m.jobGroupName}</td>
                    <th scope="row">{m.areaName}</th>
                    <td>{m.averagePercent}점</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>

      <section aria-labelledby="trend-changes">
        <h2 id="trend-changes" className={styles.sectionTitle}>
          시즌별 변화
        </h2>
        <figure className={styles.chart} aria-hidden="true">
          <SeasonLineChart rows={changes.rows} series={changes.series} />
        </figure>
        <SeriesTable
          caption="시즌별 직군 평균 점수"
          first="시즌"
          rows={changes.rows}
          series={changes.series}
          rowKey="season"
        />
        {trends.seasons.some((s) => s.isDemo) ? (
          <p className={styles.note}>
            (예시) 표시가 있는 시즌은 화면 예시 데이터이며 실제 참여자의 순위 계산에는 쓰이지 않아요.
          </p>
        ) : null}
      </section>
    </article>
  );
}

/** /itskilltrends/* (public) — loaded lazily with its charting library. */
export function TrendsPage() {
  const [params, setParams] = useSearchParams();
  const season = Number(params.get('season'));
  const state = useTrends(Number.isInteger(season) && season > 0 ? season : null);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    if (isApiError(state.error) && (state.error.status === 404 || state.error.status === 400))
      return <EmptyState title="아직 트렌드가 없어요" description="체크업 참여자가 생기면 이곳에 트렌드가 보여요." />;
    return (
      <ErrorFallback
        title={isApiError(state.error) ? state.error.message : MESSAGES.genericAlert}
        onRetry={state.reload}
      />
    );
  }
  return <Trends trends={state.data} onSeason={(surveyId) => setParams({ season: String(surveyId) })} />;
}
