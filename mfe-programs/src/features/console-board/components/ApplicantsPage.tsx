import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '@sq/api-client';
import { APPLICANT_STATES } from '@sq/contracts/api/application-states';
import type { AdminApplicant } from '@sq/contracts/api/operators/applicants';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, EmptyState, Icon, Spinner, formatThousands } from '@sq/ui';
import { ConsoleIcon } from '@sq/ui/console-icons';
import { LoadError } from '../../../shared/LoadError';
import { Pagination } from '../../../shared/Pagination';
import { seoulDay } from '../../../shared/dates';
import { downloadApplicantsCsv } from '../api/download-applicants-csv';
import { NO_FILTERS, useApplicants, type ApplicantFilters } from '../api/get-applicants';
import { useCareerYears } from '../api/get-career-years';
import { useCodeNames } from '../api/get-code-names';
import {
  FRIEND_STATUS_NAMES,
  PLACEMENT_NAMES,
  careerText,
  hoursText,
  personName,
  roleName,
  skillText,
  stateName,
} from '../../../shared/console/labels';
import { hoursRangeInvalid } from '../people-filters';
import { FilterSelect, PeopleFilterFields } from './PeopleFilterFields';
import { AnswersModal } from './AnswersModal';
import { CohortFrame } from '../../../shared/console/CohortFrame';
import styles from '../../../shared/console/console.module.css';
import { TableWrap } from '../../../shared/console/TableWrap';

function Applicants({ oddId }: { oddId: number }) {
  const [filters, setFilters] = useState<ApplicantFilters>(NO_FILTERS);
  const [draft, setDraft] = useState<ApplicantFilters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<AdminApplicant | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [page, setPage] = useState(1);
  const applicants = useApplicants(oddId, filters, page);
  const careerYears = useCareerYears();
  const codeNames = useMemo(
    () => Object.fromEntries((careerYears.data ?? []).map((c) => [c.code, c.name])),
    [careerYears.data],
  );
  const positions = useCodeNames('POSITION');
  const shown = applicants.data?.applicants ?? [];
  const total = applicants.data?.total ?? 0;
  const pageCount = applicants.data?.pageCount ?? 0;
  // Applicants left while the operator was on the last page: go to the new last page rather than show none.
  useEffect(() => {
    if (applicants.status === 'success' && pageCount > 0 && page > pageCount) setPage(pageCount);
  }, [applicants.status, page, pageCount]);
  // A backwards hours range is not sent: the fields say what to fix and the list stays as it was. Other
  // filters make another list, which starts at its first page.
  const change = (next: Partial<ApplicantFilters>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (!hoursRangeInvalid(merged)) {
      setFilters(merged);
      setPage(1);
    }
  };
  const first = applicants.data ? (applicants.data.page - 1) * applicants.data.pageSize + 1 : 0;

  const download = async () => {
    setCsvError(null);
    setDownloading(true);
    try {
      await downloadApplicantsCsv(oddId, filters);
    } catch (error) {
      setCsvError(isApiError(error) ? error.message : CORE_MESSAGES.genericAlert);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <form
        className={styles.toolbar}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          change({ q: search });
        }}
      >
        <PeopleFilterFields form={draft} onChange={change} careerYears={careerYears.data ?? []} />
        <FilterSelect
          label="상태"
          name="state"
          value={draft.state}
          onChange={(v) => change({ state: v as ApplicantFilters['state'] })}
          options={APPLICANT_STATES.map((s) => ({ code: s, name: stateName(s) }))}
        />
        <label className={styles.field}>
          <span className={styles.label}>이름, 닉네임 또는 커리어 카드 ID</span>
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
        <span className={styles.spacer} />
        <Button onClick={() => void download()} disabled={downloading} data-testid="csv-download">
          <ConsoleIcon name="download" size={18} /> {downloading ? '내려받는 중...' : 'CSV 내려받기'}
        </Button>
      </form>
      {csvError ? (
        <p className={styles.formError} role="alert">
          {csvError}
        </p>
      ) : null}
      <p className={styles.hint}>CSV는 화면의 필터와 검색 조건을 그대로 따라요.</p>
      {applicants.status === 'loading' ? <Spinner boxed /> : null}
      {applicants.status === 'error' ? <LoadError error={applicants.error} onRetry={applicants.reload} /> : null}
      {applicants.status === 'success' && shown.length === 0 ? (
        <EmptyState title="조건에 맞는 지원자가 없어요" />
      ) : null}
      {applicants.status === 'success' && shown.length > 0 ? (
        <p className={styles.hint} data-testid="applicant-count" aria-live="polite">
          {`전체 ${formatThousands(total)}명 중 ${formatThousands(first)}-${formatThousands(first + shown.length - 1)}번째`}
        </p>
      ) : null}
      {applicants.status === 'success' && shown.length > 0 ? (
        <TableWrap label="지원자 목록">
          <table className={styles.table} data-testid="applicant-table">
            <caption className="sq-visually-hidden">{`지원자 ${formatThousands(total)}명 중 ${formatThousands(first)}-${formatThousands(first + shown.length - 1)}번째`}</caption>
            <thead>
              <tr>
                <th scope="col">지원 번호</th>
                <th scope="col">닉네임 (이름)</th>
                <th scope="col">커리어 카드 ID</th>
                <th scope="col">역할</th>
                <th scope="col">상태</th>
                <th scope="col">포지션</th>
                <th scope="col">경력</th>
                <th scope="col">IT 실무 경력</th>
                <th scope="col">IT 스킬 레벨</th>
                <th scope="col">주당 시간</th>
                <th scope="col">친구 요청</th>
                <th scope="col">배치</th>
                <th scope="col">제출일</th>
                <th scope="col">지원서</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((a) => (
                <tr key={a.joinId} data-testid="applicant-row" data-join-id={a.joinId}>
                  <td className={styles.num}>{a.joinId}</td>
                  <td>{personName(a)}</td>
                  <td>{a.careerCardId ?? '-'}</td>
                  <td>{roleName(a.role)}</td>
                  <td>{a.stateName}</td>
                  <td>{a.position ? (positions.data?.[a.position] ?? a.position) : '-'}</td>
                  <td>{a.careerYears ? (codeNames[a.careerYears] ?? a.careerYears) : '-'}</td>
                  <td>{careerText(a.experienceMonths)}</td>
                  <td>{a.skillLevel === null ? '-' : skillText(a.skillLevel)}</td>
                  <td>{a.weeklyHours === null ? '-' : hoursText(a.weeklyHours)}</td>
                  <td data-friend-status={a.friendStatus}>
                    {a.friendRequests.length
                      ? `${FRIEND_STATUS_NAMES[a.friendStatus]}: ${a.friendRequests.map((f) => f.alias ?? f.careerCardId).join(', ')}`
                      : '-'}
                  </td>
                  <td>
                    {a.placement === 'NOT_ON_BOARD'
                      ? '-'
                      : a.teamKey
                        ? `${PLACEMENT_NAMES[a.placement]} (${a.teamKey})`
                        : PLACEMENT_NAMES[a.placement]}
                  </td>
                  <td>{a.submittedAt ? seoulDay(a.submittedAt) : '-'}</td>
                  <td>
                    <button type="button" className={styles.iconButton} onClick={() => setOpen(a)}>
                      답변 보기
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      ) : null}
      {applicants.data && total > 0 ? (
        <Pagination page={page} size={applicants.data.pageSize} total={total} onChange={setPage} />
      ) : null}
      {open ? (
        <AnswersModal
          joinId={open.joinId}
          name={personName(open)}
          codeNames={codeNames}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

/** `/admin/cohorts/{oddId}/applicants`: a page at a time, filters, search, the submitted answers and the CSV export (every match). */
export function ApplicantsPage() {
  return <CohortFrame title="지원자">{(cohort) => <Applicants oddId={cohort.oddId} />}</CohortFrame>;
}
