import { useMemo, useState } from 'react';
import { isApiError } from '@sq/api-client';
import { APPLICANT_STATES } from '@sq/contracts/api/applications';
import type { AdminApplicant } from '@sq/contracts/api/operators';
import { MESSAGES } from '@sq/contracts/messages';
import { Button, EmptyState, Icon, Spinner, formatThousands } from '@sq/ui';
import { ConsoleIcon } from '@sq/ui/console-icons';
import { LoadError } from '../../../shared/LoadError';
import { seoulDay } from '../../../shared/dates';
import { downloadApplicantsCsv } from '../api/download-applicants-csv';
import { NO_FILTERS, useApplicants, type ApplicantFilters } from '../api/get-applicants';
import { useCareerYears } from '../api/get-career-years';
import { ROLE_OPTIONS, careerText, roleName, stateName } from '../labels';
import { AnswersModal } from './AnswersModal';
import { CohortFrame } from './CohortFrame';
import styles from './admin.module.css';

/** Skill check-up level filter, applied on the list shown (the service filters the rest): any, none, or one level. */
type SkillFilter = '' | 'none' | `${number}`;

const matchesSkill = (a: AdminApplicant, skill: SkillFilter) => (skill === '' ? true : skill === 'none' ? a.skillLevel === null : a.skillLevel === Number(skill));

function Select({ label, value, onChange, options, name }: { label: string; name: string; value: string; onChange: (v: string) => void; options: { code: string; name: string }[] }) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <select className={styles.input} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">전체</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Applicants({ oddId }: { oddId: number }) {
  const [filters, setFilters] = useState<ApplicantFilters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [skill, setSkill] = useState<SkillFilter>('');
  const [open, setOpen] = useState<AdminApplicant | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const applicants = useApplicants(oddId, filters);
  const careerYears = useCareerYears();
  const codeNames = useMemo(() => Object.fromEntries((careerYears.data ?? []).map((c) => [c.code, c.name])), [careerYears.data]);
  const set = (change: Partial<ApplicantFilters>) => setFilters((prev) => ({ ...prev, ...change }));
  const levels = useMemo(() => [...new Set((applicants.data ?? []).flatMap((a) => (a.skillLevel === null ? [] : [a.skillLevel])))].sort((a, b) => a - b), [applicants.data]);
  const shown = (applicants.data ?? []).filter((a) => matchesSkill(a, skill));

  const download = async () => {
    setCsvError(null);
    setDownloading(true);
    try {
      await downloadApplicantsCsv(oddId, filters);
    } catch (error) {
      setCsvError(isApiError(error) ? error.message : MESSAGES.genericAlert);
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
          set({ q: search });
        }}
      >
        <Select label="역할" name="role" value={filters.role} onChange={(v) => set({ role: v as ApplicantFilters['role'] })} options={ROLE_OPTIONS} />
        <Select label="상태" name="state" value={filters.state} onChange={(v) => set({ state: v as ApplicantFilters['state'] })} options={APPLICANT_STATES.map((s) => ({ code: s, name: stateName(s) }))} />
        <Select label="경력" name="careerYears" value={filters.careerYears} onChange={(v) => set({ careerYears: v })} options={careerYears.data ?? []} />
        <Select label="친구 요청" name="friends" value={filters.friends} onChange={(v) => set({ friends: v as ApplicantFilters['friends'] })} options={[{ code: 'true', name: '있음' }, { code: 'false', name: '없음' }]} />
        <Select
          label="IT 스킬 레벨"
          name="skill"
          value={skill}
          onChange={(v) => setSkill(v as SkillFilter)}
          options={[{ code: 'none', name: '검사 안 함' }, ...levels.map((l) => ({ code: String(l), name: `레벨 ${l}` }))]}
        />
        <label className={styles.field}>
          <span className={styles.label}>이름 또는 커리어 카드 ID</span>
          <input className={styles.input} type="search" name="q" value={search} maxLength={50} onChange={(e) => setSearch(e.target.value)} />
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
      <p className={styles.hint}>CSV는 역할, 상태, 경력, 친구 요청, 검색 조건을 그대로 따라요. IT 스킬 레벨 조건은 화면 목록에만 적용돼요.</p>
      {applicants.status === 'loading' ? <Spinner boxed /> : null}
      {applicants.status === 'error' ? <LoadError error={applicants.error} onRetry={applicants.reload} /> : null}
      {applicants.status === 'success' && shown.length === 0 ? <EmptyState title="조건에 맞는 지원자가 없어요" /> : null}
      {applicants.status === 'success' && shown.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="applicant-table">
            <caption className="sq-visually-hidden">지원자 {formatThousands(shown.length)}명</caption>
            <thead>
              <tr>
                <th scope="col">지원 번호</th>
                <th scope="col">이름</th>
                <th scope="col">커리어 카드 ID</th>
                <th scope="col">역할</th>
                <th scope="col">상태</th>
                <th scope="col">경력</th>
                <th scope="col">IT 실무 경력</th>
                <th scope="col">친구 요청</th>
                <th scope="col">IT 스킬 레벨</th>
                <th scope="col">제출일</th>
                <th scope="col">지원서</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((a) => (
                <tr key={a.joinId} data-testid="applicant-row" data-join-id={a.joinId}>
                  <td className={styles.num}>{a.joinId}</td>
                  <td>{a.name ?? '-'}</td>
                  <td>{a.careerCardId ?? '-'}</td>
                  <td>{roleName(a.role)}</td>
                  <td>{a.stateName}</td>
                  <td>{a.careerYears ? (codeNames[a.careerYears] ?? a.careerYears) : '-'}</td>
                  <td>{careerText(a.experienceMonths)}</td>
                  <td>{a.friendCareerCardIds.length ? a.friendCareerCardIds.join(', ') : '-'}</td>
                  <td>{a.skillLevel === null ? '-' : `레벨 ${a.skillLevel}`}</td>
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
        </div>
      ) : null}
      {open ? <AnswersModal joinId={open.joinId} name={open.name ?? `#${open.joinId}`} codeNames={codeNames} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/** `/admin/cohorts/{oddId}/applicants`: filters, search, the submitted answers and the CSV export. */
export function ApplicantsPage() {
  return <CohortFrame title="지원자">{(cohort) => <Applicants oddId={cohort.oddId} />}</CohortFrame>;
}
