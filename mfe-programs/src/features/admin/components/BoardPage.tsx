import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import type { BoardMember, BoardResponse, BoardTeam, PublishResponse } from '@sq/contracts/api/operators';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, EmptyState, Spinner, formatThousands } from '@sq/ui';
import { ConsoleIcon } from '@sq/ui/console-icons';
import { LoadError } from '../../../shared/LoadError';
import { seoulDay } from '../../../shared/dates';
import { useBoard } from '../api/get-board';
import { lockOnBoard } from '../api/lock-on-board';
import { moveMember } from '../api/move-member';
import { runMatcher } from '../api/run-matcher';
import { makeup, moveTargets } from '../board-view';
import { matchesPerson } from '@sq/contracts/api/applicant-filters';
import { useCareerYears } from '../api/get-career-years';
import { useCodeNames } from '../api/get-code-names';
import { careerText, personName, roleName, stateName } from '../labels';
import { NO_PEOPLE_FILTERS, toPersonFilters, type PeopleFilterForm } from '../people-filters';
import { PeopleFilterFields } from './PeopleFilterFields';
import { PersonFacts } from './PersonFacts';
import { CohortFrame } from './CohortFrame';
import { PublishDialog } from './PublishDialog';
import styles from './admin.module.css';

type Act = (work: () => Promise<BoardResponse>) => void;

function LockButton({ locked, label, onToggle, disabled, testId }: { locked: boolean; label: string; onToggle: () => void; disabled: boolean; testId: string }) {
  return (
    <button type="button" className={styles.iconButton} aria-pressed={locked} aria-label={`${label} ${locked ? '잠금 해제' : '잠그기'}`} onClick={onToggle} disabled={disabled} data-testid={testId}>
      <ConsoleIcon name={locked ? 'lock' : 'unlock'} size={16} />
      {locked ? '잠김' : '잠그기'}
    </button>
  );
}

function Member({ member, team, board, act, busy, reason, codeNames }: { member: BoardMember; team: BoardTeam | null; board: BoardResponse; act: Act; busy: boolean; reason?: string | null; codeNames: Record<string, string> }) {
  const name = personName(member);
  const editable = !board.publishedAt;
  return (
    <li className={styles.member} data-testid="board-member" data-join-id={member.joinId} data-locked={member.locked}>
      <div className={styles.memberHead}>
        <span className={styles.memberName} data-testid="member-name">{name}</span>
        <span className={`${styles.chip} ${styles.chipStrong}`}>{roleName(member.role)}</span>
        <span className={styles.chip}>{stateName(member.state)}</span>
      </div>
      <PersonFacts person={member} codeNames={codeNames} />
      {member.explanation ? <p className={styles.explanation} data-testid="explanation">{member.explanation}</p> : null}
      {reason ? <p className={styles.explanation} data-testid="unplaced-reason">{reason}</p> : null}
      {editable ? (
        <div className={styles.memberActions}>
          <select
            className={styles.select}
            aria-label={`${name} 옮기기`}
            value="move"
            disabled={busy}
            data-testid="move-select"
            onChange={(e) => {
              const to = e.target.value;
              act(() => moveMember(board.oddId, member.joinId, to === '' ? null : to));
            }}
          >
            <option value="move" disabled>
              옮기기
            </option>
            {moveTargets(board, team).map((t) => (
              <option key={t.value || 'waitlist'} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          {team ? (
            <LockButton
              locked={member.locked}
              label={name}
              disabled={busy}
              testId="lock-member"
              onToggle={() => act(() => lockOnBoard(board.oddId, { joinId: member.joinId }, !member.locked))}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function Team({ team, index, board, act, busy, shows, codeNames }: { team: BoardTeam; index: number; board: BoardResponse; act: Act; busy: boolean; shows: (m: BoardMember) => boolean; codeNames: Record<string, string> }) {
  const made = makeup(team.members);
  return (
    <section className={team.locked ? `${styles.team} ${styles.teamLocked}` : styles.team} data-testid="board-team" data-team-key={team.key} aria-label={`${index + 1}팀`}>
      <div className={styles.teamHead}>
        <h3 className={styles.teamName}>{index + 1}팀</h3>
        <span className={styles.muted}>
          {team.key} · {formatThousands(team.members.length)}명
        </span>
        <span className={styles.spacer} />
        {!board.publishedAt ? (
          <LockButton locked={team.locked} label={`${index + 1}팀`} disabled={busy} testId="lock-team" onToggle={() => act(() => lockOnBoard(board.oddId, { teamKey: team.key }, !team.locked))} />
        ) : null}
      </div>
      <div className={styles.makeup} data-testid="team-makeup">
        {made.byRole.map(([role, n]) => (
          <span key={role} className={styles.chip}>
            {roleName(role)} {n}
          </span>
        ))}
        <span className={styles.chip}>평균 경력 {careerText(made.averageMonths)}</span>
        {team.score !== null ? <span className={styles.chip}>균형 점수 {team.score.toFixed(2)}</span> : null}
      </div>
      <ul className={styles.members}>
        {team.members.filter(shows).map((m) => (
          <Member key={m.joinId} member={m} team={team} board={board} act={act} busy={busy} codeNames={codeNames} />
        ))}
      </ul>
    </section>
  );
}

function Board({ initial }: { initial: BoardResponse }) {
  const [board, setBoard] = useState(initial);
  const [filters, setFilters] = useState<PeopleFilterForm>(NO_PEOPLE_FILTERS);
  const careerYears = useCareerYears();
  const positions = useCodeNames('POSITION');
  const codeNames = useMemo(() => ({ ...positions.data, ...Object.fromEntries((careerYears.data ?? []).map((c) => [c.code, c.name])) }), [positions.data, careerYears.data]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [seed, setSeed] = useState(String(initial.seed));
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState<PublishResponse | null>(null);
  useEffect(() => setBoard(initial), [initial]);

  // One change at a time; every answer is the whole board as the service now has it.
  const act: Act = (work) => {
    setBusy(true);
    setError(null);
    work().then(
      (next) => setBoard(next),
      (e: unknown) => setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert),
    ).finally(() => setBusy(false));
  };
  const teamNames = Object.fromEntries(board.teams.map((t, i) => [t.key, `${i + 1}팀`]));
  const seedNumber = /^\d{1,9}$/.test(seed) && Number(seed) > 0 ? Number(seed) : undefined;
  const empty = board.teams.length === 0 && board.waitlist.length === 0;
  const wanted = toPersonFilters(filters);
  const shows = (m: BoardMember) => matchesPerson(m, wanted);
  const everyone = [...board.teams.flatMap((t) => t.members), ...board.waitlist];
  const filtering = JSON.stringify(filters) !== JSON.stringify(NO_PEOPLE_FILTERS);
  // A team with nobody matching is left out while filtering (its make-up still counts everyone on it).
  const teams = board.teams.map((team, i) => ({ team, i })).filter(({ team }) => !filtering || team.members.some(shows));

  return (
    <>
      {board.publishedAt ? (
        <p className={styles.notice} role="status" data-testid="board-published">
          <ConsoleIcon name="check" size={16} /> {seoulDay(board.publishedAt)}에 발표했어요.
          {published ? ` 결제 작업 ${formatThousands(published.chargeJobs)}건, 팀 ${formatThousands(published.teams)}개.` : ''} 팀원 교체와 환불은{' '}
          <Link className={styles.link} to={`/admin/cohorts/${board.oddId}/teams`}>
            팀 운영
          </Link>
          에서 해요.
        </p>
      ) : (
        <div className={styles.toolbar}>
          <label className={styles.field}>
            <span className={styles.label}>시드</span>
            <input className={styles.input} inputMode="numeric" value={seed} onChange={(e) => setSeed(e.target.value.replace(/\D/g, '').slice(0, 9))} size={8} />
          </label>
          <Button onClick={() => act(() => runMatcher(board.oddId, seedNumber))} disabled={busy} data-testid="run-matcher">
            <ConsoleIcon name="shuffle" size={18} /> {empty ? '매칭 실행' : '잠금은 두고 다시 매칭'}
          </Button>
          <span className={styles.spacer} />
          <Button variant="secondary" onClick={() => setPublishing(true)} disabled={busy || board.teams.length === 0} data-testid="publish-open">
            결제 미리보기와 발표
          </Button>
        </div>
      )}
      {error ? (
        <p className={styles.formError} role="alert" data-testid="board-error">
          {error}
        </p>
      ) : null}
      {busy ? <Spinner /> : null}
      {empty ? (
        <EmptyState title="아직 매칭하지 않았어요" description="매칭 실행으로 결제 예약한 지원자를 팀으로 나눠 보세요. 같은 시드는 같은 결과를 내요." />
      ) : (
        <>
          <form className={styles.toolbar} role="search" aria-label="팀 빌딩 보드 필터" onSubmit={(e) => e.preventDefault()}>
            <PeopleFilterFields form={filters} onChange={(change) => setFilters((prev) => ({ ...prev, ...change }))} careerYears={careerYears.data ?? []} />
            <label className={styles.field}>
              <span className={styles.label}>이름 또는 닉네임</span>
              <input className={styles.input} type="search" name="q" value={filters.q} maxLength={50} onChange={(e) => setFilters((prev) => ({ ...prev, q: e.target.value }))} />
            </label>
            {filtering ? (
              <Button variant="secondary" onClick={() => setFilters(NO_PEOPLE_FILTERS)}>
                필터 지우기
              </Button>
            ) : null}
          </form>
          {filtering ? (
            <p className={styles.hint} role="status" data-testid="board-filter-count">
              조건에 맞는 사람 {formatThousands(everyone.filter(shows).length)}명 / 전체 {formatThousands(everyone.length)}명
            </p>
          ) : null}
          <div className={styles.board} data-testid="board">
            {teams.map(({ team, i }) => (
              <Team key={team.key} team={team} index={i} board={board} act={act} busy={busy} shows={shows} codeNames={codeNames} />
            ))}
          </div>
          <section className={styles.section} aria-labelledby="waitlist-title" data-testid="waitlist">
            <h2 id="waitlist-title" className={styles.subtitle}>
              대기 명단 {formatThousands(board.waitlist.length)}명
            </h2>
            {board.waitlist.length === 0 ? <p className={styles.muted}>모두 팀에 배정되었어요.</p> : null}
            <ul className={styles.members}>
              {board.waitlist.filter(shows).map((m) => (
                <Member key={m.joinId} member={{ ...m, explanation: m.reason ? '' : m.explanation }} team={null} board={board} act={act} busy={busy} reason={m.reason} codeNames={codeNames} />
              ))}
            </ul>
          </section>
        </>
      )}
      {publishing ? (
        <PublishDialog
          oddId={board.oddId}
          teamNames={teamNames}
          onClose={() => setPublishing(false)}
          onPublished={(result) => {
            setPublishing(false);
            setPublished(result);
            setBoard((prev) => ({ ...prev, publishedAt: result.publishedAt }));
          }}
        />
      ) : null}
    </>
  );
}

/** `/admin/cohorts/{oddId}/board`: run the matcher, move and lock, re-run around the locks, preview the charges, publish. */
export function BoardPage() {
  return (
    <CohortFrame title="팀 빌딩">
      {(cohort) => <BoardLoader oddId={cohort.oddId} />}
    </CohortFrame>
  );
}

function BoardLoader({ oddId }: { oddId: number }) {
  const board = useBoard(oddId);
  if (board.status === 'loading') return <Spinner boxed />;
  if (board.status === 'error') return <LoadError error={board.error} onRetry={board.reload} />;
  return <Board initial={board.data} />;
}
