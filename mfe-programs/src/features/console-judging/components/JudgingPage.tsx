import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import {
  MEMBER_PRIZE_MAX_KRW,
  WINNING_TEAM_PRIZE_KRW,
  type JudgingMember,
  type JudgingView,
  type JudgingViewResults,
} from '@sq/contracts/api/operators/judging';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, EmptyState, formatKrw, formatThousands } from '@sq/ui';
import { publishResults, scoreTeam, useJudging } from '../api/judging';
import { SCORE_CHOICES, prizeRequest, weightedTotal, type PrizeRow } from '../judging-form';
import { personName, roleName } from '../../../shared/console/labels';
import { CohortFrame } from '../../../shared/console/CohortFrame';
import { TeamPageLinks, TeamPageView } from '../../../shared/console/TeamPageView';
import styles from '../../../shared/console/console.module.css';

type Team = JudgingView['teams'][number];

function ScoreForm({
  team,
  rubric,
  locked,
  onSaved,
}: {
  team: Team;
  rubric: JudgingView['rubric'];
  locked: boolean;
  onSaved: () => void;
}) {
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
              onChange={(e) =>
                setScores((prev) => ({ ...prev, [c.key]: e.target.value === '' ? undefined : Number(e.target.value) }))
              }
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
        <textarea
          className={`${styles.input} ${styles.textarea}`}
          name="feedback"
          value={feedback}
          maxLength={3000}
          disabled={locked}
          onChange={(e) => setFeedback(e.target.value)}
        />
      </label>
      <p>
        가중 합계{' '}
        <strong className={styles.total} data-testid="score-total">
          {total === null ? '-' : `${formatThousands(total)} / 1,000`}
        </strong>
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

/** A member the prize form offers, as it names them: the team, the person and their role. */
interface Candidate {
  joinId: number;
  label: string;
}
/** A prize row as typed, with the label of the member chosen (kept when their team's page is no longer on screen). */
type PrizeChoice = PrizeRow & { label: string };

const candidateOf = (team: { name: string }, member: JudgingMember): Candidate => ({
  joinId: member.joinId,
  label: `${team.name} · ${personName(member)} (${roleName(member.role)})`,
});

/**
 * The results' form, over the whole cohort whatever page is on screen: the teams still to score and the ranking come from
 * the answer's summary. A member prize can go to anyone on a team: the ranking's teams' members are offered first, then
 * those of the teams on this page (another page's members once its page is open), and each member chosen stays.
 */
function Publish({ view, onPublished }: { view: JudgingView; onPublished: () => void }) {
  const [rows, setRows] = useState<PrizeChoice[]>([{ joinId: '', amount: '', label: '' }]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = prizeRequest(rows);
  const { summary } = view;
  const ranked = summary.ranking.flatMap((t) => t.members.map((m) => candidateOf(t, m)));
  const onPage = view.teams
    .filter((t) => !t.stopped)
    .flatMap((t) => t.members.map((m) => candidateOf(t, m)))
    .filter((c) => !ranked.some((r) => r.joinId === c.joinId));
  const offered = new Set([...ranked, ...onPage].map((c) => c.joinId));
  const chosen = rows
    .filter((r) => r.joinId !== '' && !offered.has(Number(r.joinId)))
    .map((r) => ({ joinId: Number(r.joinId), label: r.label }));
  const groups: [string, Candidate[]][] = [
    ['순위권 팀', ranked],
    ['이 페이지의 팀', onPage],
    ['선택한 사람', chosen],
  ];
  const labelOf = (joinId: string) =>
    [...ranked, ...onPage, ...chosen].find((c) => String(c.joinId) === joinId)?.label ?? '';
  const set = (i: number, change: Partial<PrizeChoice>) =>
    setRows((prev) => prev.map((r, j) => (j === i ? { ...r, ...change } : r)));

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
        합계가 가장 높은 팀이 우승해 {formatKrw(WINNING_TEAM_PRIZE_KRW)}을 받아요(동점이면 먼저 제출한 팀). 팀원 상금은
        1인당 최대 {formatKrw(MEMBER_PRIZE_MAX_KRW)}이에요.
      </p>
      {summary.unscoredTeams ? (
        <p className={styles.notice} data-testid="unscored">
          아직 채점하지 않은 팀이 {formatThousands(summary.unscoredTeams)}개 있어요.
        </p>
      ) : null}
      {summary.ranking.length ? (
        <ol className={styles.members} aria-label="현재 순위" data-testid="ranking">
          {summary.ranking.map((t, i) => (
            <li key={t.teamId}>
              {i + 1}위 {t.name} {formatThousands(t.total)} / 1,000
            </li>
          ))}
        </ol>
      ) : null}
      {rows.map((row, i) => (
        <div key={i} className={styles.toolbar} data-testid="prize-row">
          <label className={styles.field}>
            <span className={styles.label}>팀원 상금 받을 사람</span>
            <select
              className={styles.input}
              value={row.joinId}
              onChange={(e) => set(i, { joinId: e.target.value, label: labelOf(e.target.value) })}
            >
              <option value="">선택 안 함</option>
              {groups.map(([label, candidates]) =>
                candidates.length ? (
                  <optgroup key={label} label={label}>
                    {candidates.map((c) => (
                      <option key={c.joinId} value={c.joinId}>
                        {c.label}
                      </option>
                    ))}
                  </optgroup>
                ) : null,
              )}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>금액(원)</span>
            <input
              className={styles.input}
              inputMode="numeric"
              value={row.amount}
              onChange={(e) => set(i, { amount: e.target.value.replace(/\D/g, '').slice(0, 7) })}
            />
          </label>
        </div>
      ))}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="small"
          onClick={() => setRows((prev) => [...prev, { joinId: '', amount: '', label: '' }])}
        >
          팀원 상금 추가
        </Button>
      </div>
      <p>
        상금 총액{' '}
        <strong className={styles.total} data-testid="prize-total">
          {formatKrw(request.totalKrw)}
        </strong>
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

/** The published results: the winning team and each prize, named by the answer (their teams may be on any page). */
function Results({ results }: { results: JudgingViewResults }) {
  return (
    <div className={styles.notice} role="status" data-testid="results">
      <strong>{results.winnerTeamName} 우승</strong>
      <ul>
        {results.prizes.map((p, i) => (
          <li key={i}>
            {p.joinId === null ? `${p.teamName} 팀 상금` : `${p.teamName} ${personName({ ...p, joinId: p.joinId })}`}{' '}
            {formatKrw(p.amountKrw)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Judging({ oddId }: { oddId: number }) {
  const pages = useJudging(oddId);
  // A score saved, the results published: the page on screen again, with the cohort's summary as it now is.
  return (
    <TeamPageView pages={pages} empty={<EmptyState title="발표된 팀이 없어요" />}>
      {(view) => (
        <>
          {view.results ? <Results results={view.results} /> : null}
          <div className={styles.board}>
            {view.teams.map((team) => (
              <section
                key={team.teamId}
                className={styles.team}
                data-testid="judging-team"
                data-team-id={team.teamId}
                aria-label={team.name}
              >
                <div className={styles.teamHead}>
                  <h3 className={styles.teamName}>{team.name}</h3>
                  <span className={styles.muted}>{team.members.map(personName).join(', ')}</span>
                  {team.stopped ? <span className={styles.chip}>중단됨</span> : null}
                </div>
                <Submission team={team} />
                {!team.stopped ? (
                  <ScoreForm team={team} rubric={view.rubric} locked={view.results !== null} onSaved={pages.reload} />
                ) : null}
              </section>
            ))}
          </div>
          <TeamPageLinks pages={pages} />
          {view.results ? null : <Publish view={view} onPublished={pages.reload} />}
        </>
      )}
    </TeamPageView>
  );
}

/** `/admin/cohorts/{oddId}/judging`: weighted rubric scores and feedback per team, a page of teams at a time, then the results with prizes, once. */
export function JudgingPage() {
  return <CohortFrame title="심사">{(cohort) => <Judging oddId={cohort.oddId} />}</CohortFrame>;
}
