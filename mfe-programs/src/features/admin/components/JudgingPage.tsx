import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import { MEMBER_PRIZE_MAX_KRW, WINNING_TEAM_PRIZE_KRW, type JudgingView } from '@sq/contracts/api/operators';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, EmptyState, Spinner, formatKrw, formatThousands } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { publishResults, scoreTeam, useJudging } from '../api/judging';
import { SCORE_CHOICES, prizeRequest, weightedTotal, type PrizeRow } from '../judging-form';
import { personName, roleName } from '../labels';
import { CohortFrame } from './CohortFrame';
import styles from './admin.module.css';

type Team = JudgingView['teams'][number];

function ScoreForm({ team, rubric, locked, onSaved }: { team: Team; rubric: JudgingView['rubric']; locked: boolean; onSaved: () => void }) {
  const [scores, setScores] = useState<Record<string, number | undefined>>(team.score?.scores ?? {});
  const [feedback, setFeedback] = useState(team.score?.feedback ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const total = weightedTotal(rubric, scores);

  const save = async () => {
    if (total === null || !feedback.trim()) {
      setError('모든 기준의 점수와 피드백을 입력해 주세요.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      setSaved((await scoreTeam(team.teamId, scores as Record<string, number>, feedback.trim())).total);
      onSaved();
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="score-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className={styles.grid}>
        {rubric.map((c) => (
          <label key={c.key} className={styles.field}>
            <span className={styles.label}>
              {c.name} ({c.weight}%)
            </span>
            <select
              className={styles.input}
              name={c.key}
              value={scores[c.key] ?? ''}
              disabled={locked}
              onChange={(e) => setScores((prev) => ({ ...prev, [c.key]: e.target.value === '' ? undefined : Number(e.target.value) }))}
            >
              <option value="">선택</option>
              {SCORE_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}점
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <label className={styles.field}>
        <span className={styles.label}>피드백</span>
        <textarea className={`${styles.input} ${styles.textarea}`} name="feedback" value={feedback} maxLength={3000} disabled={locked} onChange={(e) => setFeedback(e.target.value)} />
      </label>
      <p>
        가중 합계 <strong className={styles.total} data-testid="score-total">{total === null ? '-' : `${formatThousands(total)} / 1,000`}</strong>
      </p>
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
      {saved !== null ? (
        <p className={styles.notice} role="status" data-testid="score-saved">
          저장했어요. 합계 {formatThousands(saved)}점.
        </p>
      ) : null}
      {!locked ? (
        <div className={styles.actions}>
          <Button type="submit" size="small" disabled={saving}>
            {saving ? '저장 중...' : '점수 저장'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function Submission({ team }: { team: Team }) {
  const s = team.submission;
  if (!s) return <p className={styles.muted}>제출물이 없어요.</p>;
  return (
    <div className={styles.section} data-testid="submission">
      <strong>{s.projectName}</strong>
      <p className={styles.explanation}>{s.description}</p>
      <div className={styles.links}>
        <a className={styles.link} href={s.repositoryUrl} target="_blank" rel="noreferrer noopener">
          저장소
        </a>
        {s.demoUrl ? (
          <a className={styles.link} href={s.demoUrl} target="_blank" rel="noreferrer noopener">
            데모
          </a>
        ) : null}
        {s.images.map((url, i) => (
          <a key={url} className={styles.link} href={url} target="_blank" rel="noreferrer noopener">
            이미지 {i + 1}
          </a>
        ))}
      </div>
    </div>
  );
}

function Publish({ view, scoredNow, onPublished }: { view: JudgingView; scoredNow: ReadonlySet<number>; onPublished: () => void }) {
  const [rows, setRows] = useState<PrizeRow[]>([{ joinId: '', amount: '' }]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = prizeRequest(rows);
  const members = view.teams.filter((t) => !t.stopped).flatMap((t) => t.members.map((m) => ({ ...m, team: t.name })));
  const unscored = view.teams.filter((t) => !t.stopped && !t.score && !scoredNow.has(t.teamId)).length;
  const set = (i: number, change: Partial<PrizeRow>) => setRows((prev) => prev.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const publish = async () => {
    if (request.error) return setError(request.error);
    setBusy(true);
    setError(null);
    try {
      await publishResults(view.oddId, request.prizes);
      onPublished();
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="publish-results">
      <h2 id="publish-results" className={styles.subtitle}>
        결과 발표
      </h2>
      <p className={styles.lead}>
        합계가 가장 높은 팀이 우승해 {formatKrw(WINNING_TEAM_PRIZE_KRW)}을 받아요(동점이면 먼저 제출한 팀). 팀원 상금은 1인당 최대 {formatKrw(MEMBER_PRIZE_MAX_KRW)}이에요.
      </p>
      {unscored ? <p className={styles.notice}>아직 채점하지 않은 팀이 {unscored}개 있어요.</p> : null}
      {rows.map((row, i) => (
        <div key={i} className={styles.toolbar} data-testid="prize-row">
          <label className={styles.field}>
            <span className={styles.label}>팀원 상금 받을 사람</span>
            <select className={styles.input} value={row.joinId} onChange={(e) => set(i, { joinId: e.target.value })}>
              <option value="">선택 안 함</option>
              {members.map((m) => (
                <option key={m.joinId} value={m.joinId}>
                  {m.team} · {personName(m)} ({roleName(m.role)})
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>금액(원)</span>
            <input className={styles.input} inputMode="numeric" value={row.amount} onChange={(e) => set(i, { amount: e.target.value.replace(/\D/g, '').slice(0, 7) })} />
          </label>
        </div>
      ))}
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onClick={() => setRows((prev) => [...prev, { joinId: '', amount: '' }])}>
          팀원 상금 추가
        </Button>
      </div>
      <p>
        상금 총액 <strong className={styles.total} data-testid="prize-total">{formatKrw(request.totalKrw)}</strong>
      </p>
      {error ? (
        <p className={styles.formError} role="alert" data-testid="publish-results-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => void publish()} disabled={busy} data-testid="publish-results">
          {busy ? '발표하는 중...' : '결과 발표하기'}
        </Button>
      </div>
    </section>
  );
}

function Judging({ oddId }: { oddId: number }) {
  const view = useJudging(oddId);
  // Teams scored on this page since it loaded (the forms keep their own values; no reload needed).
  const [scoredNow, setScoredNow] = useState<ReadonlySet<number>>(new Set());
  if (view.status === 'loading') return <Spinner boxed />;
  if (view.status === 'error') return <LoadError error={view.error} onRetry={view.reload} />;
  const { teams, rubric, results } = view.data;
  if (teams.length === 0) return <EmptyState title="발표된 팀이 없어요" />;
  const teamName = (teamId: number) => teams.find((t) => t.teamId === teamId)?.name ?? `#${teamId}`;
  return (
    <>
      {results ? (
        <div className={styles.notice} role="status" data-testid="results">
          <strong>{teamName(results.winnerTeamId)} 우승</strong>
          <ul>
            {results.prizes.map((p, i) => (
              <li key={i}>
                {p.joinId === null ? `${teamName(p.teamId)} 팀 상금` : `${teamName(p.teamId)} ${personName({ ...p, joinId: p.joinId })}`} {formatKrw(p.amountKrw)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.board}>
        {teams.map((team) => (
          <section key={team.teamId} className={styles.team} data-testid="judging-team" data-team-id={team.teamId} aria-label={team.name}>
            <div className={styles.teamHead}>
              <h3 className={styles.teamName}>{team.name}</h3>
              <span className={styles.muted}>{team.members.map(personName).join(', ')}</span>
              {team.stopped ? <span className={styles.chip}>중단됨</span> : null}
            </div>
            <Submission team={team} />
            {!team.stopped ? <ScoreForm team={team} rubric={rubric} locked={results !== null} onSaved={() => setScoredNow((prev) => new Set(prev).add(team.teamId))} /> : null}
          </section>
        ))}
      </div>
      {results ? null : <Publish view={view.data} scoredNow={scoredNow} onPublished={view.reload} />}
    </>
  );
}

/** `/admin/cohorts/{oddId}/judging`: weighted rubric scores and feedback per team, then the results with prizes, once. */
export function JudgingPage() {
  return <CohortFrame title="심사">{(cohort) => <Judging oddId={cohort.oddId} />}</CohortFrame>;
}
