import { FRIEND_STATUSES, PLACEMENTS } from '@sq/contracts/api/operators/applicants';
import { OPERATOR_MESSAGES } from '@sq/contracts/messages/operators';
import { SKILL_LEVEL_NAMES } from '@sq/contracts/itskill';
import { FRIEND_STATUS_NAMES, PLACEMENT_NAMES, ROLE_OPTIONS } from '../../../shared/console/labels';
import { hoursRangeInvalid, type PeopleFilterForm } from '../people-filters';
import styles from '../../../shared/console/console.module.css';

export function FilterSelect({
  label,
  value,
  onChange,
  options,
  name,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  options: { code: string; name: string }[];
}) {
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

function HoursInput({
  label,
  name,
  value,
  onChange,
  invalid,
  errorId,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
  errorId: string;
}) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <input
        className={styles.input}
        name={name}
        inputMode="numeric"
        size={4}
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 2))}
      />
    </label>
  );
}

const SKILL_OPTIONS = [
  { code: 'none', name: '검사 안 함' },
  ...SKILL_LEVEL_NAMES.map((levelName, i) => ({ code: String(i + 1), name: `레벨 ${i + 1} · ${levelName}` })),
];

/**
 * The people filters of the applicant list and the team building board: role, career band, IT skill level,
 * weekly hours, friend requests and placement. The search field stays with each page (the list searches on
 * submit, the board as the operator types).
 */
export function PeopleFilterFields({
  form,
  onChange,
  careerYears,
}: {
  form: PeopleFilterForm;
  onChange: (change: Partial<PeopleFilterForm>) => void;
  careerYears: { code: string; name: string }[];
}) {
  const invalid = hoursRangeInvalid(form);
  const errorId = 'people-filter-hours-error';
  return (
    <>
      <FilterSelect
        label="역할"
        name="role"
        value={form.role}
        onChange={(v) => onChange({ role: v as PeopleFilterForm['role'] })}
        options={ROLE_OPTIONS}
      />
      <FilterSelect
        label="경력"
        name="careerYears"
        value={form.careerYears}
        onChange={(v) => onChange({ careerYears: v })}
        options={careerYears}
      />
      <FilterSelect
        label="IT 스킬 레벨"
        name="skillLevel"
        value={form.skillLevel}
        onChange={(v) => onChange({ skillLevel: v as PeopleFilterForm['skillLevel'] })}
        options={SKILL_OPTIONS}
      />
      <HoursInput
        label="주당 시간 최소"
        name="minHours"
        value={form.minHours}
        onChange={(v) => onChange({ minHours: v })}
        invalid={invalid}
        errorId={errorId}
      />
      <HoursInput
        label="주당 시간 최대"
        name="maxHours"
        value={form.maxHours}
        onChange={(v) => onChange({ maxHours: v })}
        invalid={invalid}
        errorId={errorId}
      />
      <FilterSelect
        label="친구 요청"
        name="friendStatus"
        value={form.friendStatus}
        onChange={(v) => onChange({ friendStatus: v as PeopleFilterForm['friendStatus'] })}
        options={FRIEND_STATUSES.map((s) => ({ code: s, name: FRIEND_STATUS_NAMES[s] }))}
      />
      <FilterSelect
        label="배치"
        name="placement"
        value={form.placement}
        onChange={(v) => onChange({ placement: v as PeopleFilterForm['placement'] })}
        options={PLACEMENTS.map((p) => ({ code: p, name: PLACEMENT_NAMES[p] }))}
      />
      {invalid ? (
        <p className={styles.formError} role="alert" id={errorId}>
          {OPERATOR_MESSAGES.adminHoursRangeInvalid}
        </p>
      ) : null}
    </>
  );
}
