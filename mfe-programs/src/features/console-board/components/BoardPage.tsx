import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import type { BoardMember, BoardResponse, BoardTeam, PublishResponse } from '@sq/contracts/api/operators/board';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, EmptyState, Icon, Spinner, formatThousands } from '@sq/ui';
import { ConsoleIcon } from '@sq/ui/console-icons';
import { LoadError } from '../../../shared/LoadError';
import { Pagination } from '../../../shared/Pagination';
import { seoulDay } from '../../../shared/dates';
import { getBoard, useBoard, type BoardView } from '../api/get-board';
import { lockOnBoard } from '../api/lock-on-board';
import { moveMember } from '../api/move-member';
import { runMatcher } from '../api/run-matcher';
import { makeup, moveTargets, teamName } from '../board-view';
import { matchesPerson } from '@sq/contracts/api/applicant-filters';
import { useCareerYears } from '../api/get-career-years';
import { useCodeNames } from '../api/get-code-names';
import { careerText, personName, roleName, stateName } from '../../../shared/console/labels';
import { NO_PEOPLE_FILTERS, hoursRangeInvalid, toPersonFilters, type PeopleFilterForm } from '../people-filters';
import { PeopleFilterFields } from './PeopleFilterFields';
import { PersonFacts } from './PersonFacts';
import { CohortFrame } from '../../../shared/console/CohortFrame';
import { PublishDialog } from './PublishDialog';
import styles from '../../../shared/console/console.module.css';

type Act = (work: () => Promise<BoardResponse>) => void;

function LockButton({
  locked,
  label,
  onToggle,
  disabled,
  testId,
}: {
  locked: boolean;
  label: string;
  onToggle: () => void;
  disabled: boolean;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={locked}
      aria-label={`${label} ${locked ? '잠금 해제' : '잠그기'}`}
      onClick={onToggle}
      disabled={disabled}
      data-testid={testId}
    >
      <ConsoleIcon name={locked ? 'lock' : 'unlock'} size={16} />
      {locked ? '잠김' : '잠그기'}
    </button>
  );
}

interface Shown {
  board: BoardResponse;
  /** The page and filters on screen: every action answers that page. */
  view: BoardView;
  act: Act;
  busy: boolean;
  codeNames: Record<string, string>;
}

function Member({
  member,
  team,
  reason,
  board,
  view,
  act,
  busy,
  codeNames,
}: Shown & { member: BoardMember; team: BoardTeam | null; reason?: string | null }) {
  const name = personName(member);
  const editable = !board.publishedAt;
  return (
    <li className={styles.member} data-testid="board-member" data-join-id={member.joinId} data-locked={member.locked}>
      <div className={styles.memberHead}>
        <span className={styles.memberName} data-testid="member-name">
          {name}
        </span>
        <span className={`${styles.chip} ${styles.chipStrong}`}>{roleName(member.role)}</span>
        <span className={styles.chip}>{stateName(member.state)}</span>
      </div>
      <PersonFacts person={member} codeNames={codeNames} />
      {member.explanation ? (
        <p className={styles.explanation} data-testid="explanation">
          {member.explanation}
        </p>
      ) : null}
      {reason ? (
        <p className={styles.explanation} data-testid="unplaced-reason">
          {reason}
        </p>
      ) : null}
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
              act(() => moveMember(board.oddId, member.joinId, to === '' ? null : to, view));
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
              onToggle={() => act(() => lockOnBoard(board.oddId, { joinId: member.joinId }, !member.locked, view))}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function Team({ team, shows, ...shown }: Shown & { team: BoardTeam; shows: (m: BoardMember) => boolean }) {
  const { board, view, act, busy } = shown;
  const made = makeup(team.members);
  const name = teamName(board, team.key);
  return (
    <section
      className={team.locked ? `${styles.team} ${styles.teamLocked}` : styles.team}
      data-testid="board-team"
      data-team-key={team.key}
      aria-label={name}
    >
      <div className={styles.teamHead}>
        <h3 className={styles.teamName}>{name}</h3>
        <span className={styles.muted}>
          {team.key} · {formatThousands(team.members.length)}명
        </span>
        <span className={styles.spacer} />
        {!board.publishedAt ? (
          <LockButton
            locked={team.locked}
            label={name}
            disabled={busy}
            testId="lock-team"
            onToggle={() => act(() => lockOnBoard(board.oddId, { teamKey: team.key }, !team.locked, view))}
          />
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
          <Member key={m.joinId} member={m} team={team} {...shown} />
        ))}
      </ul>
    </section>
  );
}

function Board({ initial, initialView }: { initial: BoardResponse; initialView: BoardView }) {
  const [board, setBoard] = useState(initial);
  const [view, setView] = useState(initialView);
  // The fields as typed; a backwards hours range stays here (the fields say what to fix) and is not asked.
  const [draft, setDraft] = useState<PeopleFilterForm>(initialView.filters);
  const [search, setSearch] = useState(initialView.filters.q);
  const careerYears = useCareerYears();
  const positions = useCodeNames('POSITION');
  const codeNames = useMemo(
    () => ({ ...positions.data, ...Object.fromEntries((careerYears.data ?? []).map((c) => [c.code, c.name])) }),
    [positions.data, careerYears.data],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [seed, setSeed] = useState(String(initial.seed));
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState<PublishResponse | null>(null);
  useEffect(() => setBoard(initial), [initial]);

  // Every answer is the page on screen as the service now has it. Filters change while an answer is on its way
  // (two fields typed in a row): only the answer to the latest request is shown, whichever arrives last.
  const latest = useRef(0);
  const act: Act = (work) => {
    const request = ++latest.current;
    const current = () => request === latest.current;
    setBusy(true);
    setError(null);
    work()
      .then(
        (next) => current() && setBoard(next),
        (e: unknown) => current() && setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert),
      )
      .finally(() => current() && setBusy(false));
  };
  // Another page or other filters: that page of the board, asked like an action.
  const go = (next: BoardView) => {
    setView(next);
    act(() => getBoard(board.oddId, next));
  };
  const filter = (change: Partial<PeopleFilterForm>) => {
    const merged = { ...draft, ...change };
    setDraft(merged);
    if (!hoursRangeInvalid(merged)) go({ page: 1, waitlistPage: 1, filters: merged });
  };
  // Teams left while the operator was on the last page: go to the new last page rather than show none (checked
  // when an answer comes, not on every render).
  useEffect(() => {
    if (!busy && board.page > board.pageCount && board.pageCount > 0) go({ ...view, page: board.pageCount });
  }, [board]);

  const teamNames = Object.fromEntries(board.teamKeys.map((key) => [key, teamName(board, key)]));
  const seedNumber = /^\d{1,9}$/.test(seed) && Number(seed) > 0 ? Number(seed) : undefined;
  const empty = board.memberCount === 0;
  const wanted = toPersonFilters(view.filters);
  // The service pages the teams with someone matching; within them, only those matching are listed.
  const shows = (m: BoardMember) => matchesPerson(m, wanted);
  const filtering = JSON.stringify(view.filters) !== JSON.stringify(NO_PEOPLE_FILTERS);
  const shown: Shown = { board, view, act, busy, codeNames };

  return (
    <>
      {board.publishedAt ? (
        <p className={styles.notice} role="status" data-testid="board-published">
          <ConsoleIcon name="check" size={16} /> {seoulDay(board.publishedAt)}에 발표했어요.
          {published
            ? ` 결제 작업 ${formatThousands(published.chargeJobs)}건, 팀 ${formatThousands(published.teams)}개.`
            : ''}{' '}
          팀원 교체와 환불은{' '}
          <Link className={styles.link} to={`/admin/cohorts/${board.oddId}/teams`}>
            팀 운영
          </Link>
          에서 해요.
        </p>
      ) : (
        <div className={styles.toolbar}>
          <label className={styles.field}>
            <span className={styles.label}>시드</span>
            <input
              className={styles.input}
              inputMode="numeric"
              value={seed}
              onChange={(e) => setSeed(e.target.value.replace(/\D/g, '').slice(0, 9))}
              size={8}
            />
          </label>
          <Button
            onClick={() => act(() => runMatcher(board.oddId, seedNumber, view))}
            disabled={busy}
            data-testid="run-matcher"
          >
            <ConsoleIcon name="shuffle" size={18} /> {empty ? '매칭 실행' : '잠금은 두고 다시 매칭'}
          </Button>
          <span className={styles.spacer} />
          <Button
            variant="secondary"
            onClick={() => setPublishing(true)}
            disabled={busy || board.teamKeys.length === 0}
            data-testid="publish-open"
          >
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
        <EmptyState
          title="아직 매칭하지 않았어요"
          description="매칭 실행으로 결제 예약한 지원자를 팀으로 나눠 보세요. 같은 시드는 같은 결과를 내요."
        />
      ) : (
        <>
          <form
            className={styles.toolbar}
            role="search"
            aria-label="팀 빌딩 보드 필터"
            onSubmit={(e) => {
              e.preventDefault();
              filter({ q: search });
            }}
          >
            <PeopleFilterFields form={draft} onChange={filter} careerYears={careerYears.data ?? []} />
            <label className={styles.field}>
              <span className={styles.label}>이름 또는 닉네임</span>
              <input
                className={styles.input}
                type="search"
                name="q"
                value={search}
                maxLength={50}
                onChange={(e) => setSearch(e.target.value)}
              />
            </label>
            <Button type="submit" variant="secondary">
              <Icon name="search" size={18} /> 검색
            </Button>
            {filtering || JSON.stringify(draft) !== JSON.stringify(NO_PEOPLE_FILTERS) ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setSearch('');
                  filter(NO_PEOPLE_FILTERS);
                }}
              >
                필터 지우기
              </Button>
            ) : null}
          </form>
          {filtering ? (
            <p className={styles.hint} role="status" data-testid="board-filter-count">
              조건에 맞는 사람 {formatThousands(board.matchingCount)}명 / 전체 {formatThousands(board.memberCount)}명
            </p>
          ) : null}
          <div className={styles.board} data-testid="board">
            {board.teams.map((team) => (
              <Team key={team.key} team={team} shows={shows} {...shown} />
            ))}
          </div>
          <Pagination
            page={board.page}
            size={board.pageSize}
            total={board.teamCount}
            onChange={(page) => go({ ...view, page })}
            label="팀 페이지 이동"
          />
          <section className={styles.section} aria-labelledby="waitlist-title" data-testid="waitlist">
            <h2 id="waitlist-title" className={styles.subtitle}>
              대기 명단 {formatThousands(board.waitlistCount)}명
            </h2>
            {board.waitlistCount === 0 && !filtering ? <p className={styles.muted}>모두 팀에 배정되었어요.</p> : null}
            <ul className={styles.members}>
              {board.waitlist.map((m) => (
                <Member
                  key={m.joinId}
                  member={{ ...m, explanation: m.reason ? '' : m.explanation }}
                  team={null}
                  reason={m.reason}
                  {...shown}
                />
              ))}
            </ul>
            <Pagination
              page={board.waitlistPage}
              size={board.waitlistPageSize}
              total={board.waitlistCount}
              onChange={(waitlistPage) => go({ ...view, waitlistPage })}
              label="대기 명단 페이지 이동"
            />
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
  return <CohortFrame title="팀 빌딩">{(cohort) => <BoardLoader oddId={cohort.oddId} />}</CohortFrame>;
}

/** The board as it opens: its first page of teams and of the waitlist, no filters. */
const FIRST_VIEW: BoardView = { page: 1, waitlistPage: 1, filters: NO_PEOPLE_FILTERS };

function BoardLoader({ oddId }: { oddId: number }) {
  const board = useBoard(oddId, FIRST_VIEW);
  if (board.status === 'loading') return <Spinner boxed />;
  if (board.status === 'error') return <LoadError error={board.error} onRetry={board.reload} />;
  return <Board initial={board.data} initialView={FIRST_VIEW} />;
}
