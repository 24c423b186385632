import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { ITSKILL_MESSAGES } from '@sq/contracts/messages/itskill';
import { Button, EmptyState, ErrorFallback, Spinner, useAsync } from '@sq/ui';
import { getBaseInfoChoices, startRun, type BaseInfoChoices } from '../api/checkup-run-api';
import { STEP_B_PATH } from '../paths';
import styles from './checkup-run.module.css';

function BaseInfoForm({ choices }: { choices: BaseInfoChoices }) {
  const navigate = useNavigate();
  const [jobGroupCode, setJobGroupCode] = useState(choices.prefill.jobGroupCode ?? '');
  const [positionCode, setPositionCode] = useState(choices.prefill.positionCode ?? '');
  const [yearCode, setYearCode] = useState(choices.prefill.yearCode ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const positions = choices.jobGroups.find((g) => g.code === jobGroupCode)?.positions ?? [];

  // A position of another job group is no answer for this one.
  function chooseJobGroup(code: string) {
    setJobGroupCode(code);
    if (!choices.jobGroups.find((g) => g.code === code)?.positions.some((p) => p.code === positionCode))
      setPositionCode('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!jobGroupCode) found.jobGroupCode = ACCOUNT_MESSAGES.jobGroupRequired;
    if (!yearCode) found.yearCode = ACCOUNT_MESSAGES.careerYearsRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await startRun({ jobGroupCode, positionCode: positionCode || null, yearCode });
      navigate(STEP_B_PATH);
    } catch (error) {
      setErrors(isApiError(error) ? { ...(error.fields ?? {}), _: error.message } : { _: CORE_MESSAGES.genericAlert });
      setSaving(false);
    }
  }

  return (
    <form className={styles.page} onSubmit={submit} noValidate data-testid="itskill-step-a">
      <p className={styles.stepLabel}>1 / 2 단계</p>
      <h1 className={styles.title}>기본 정보를 알려 주세요</h1>
      <p className={styles.lead}>직군에 맞는 문항을 드리고, 같은 직군·경력대의 참여자와 비교해 드려요.</p>

      <fieldset className={styles.field} aria-describedby={errors.jobGroupCode ? 'jobgroup-error' : undefined}>
        <legend className={styles.label}>직군</legend>
        <div className={styles.chips}>
          {choices.jobGroups.map((g) => (
            <label key={g.code} className={`${styles.chip} ${jobGroupCode === g.code ? styles.chipOn : ''}`}>
              <input
                type="radio"
                name="jobGroupCode"
                value={g.code}
                checked={jobGroupCode === g.code}
                onChange={() => chooseJobGroup(g.code)}
              />
              {g.name}
            </label>
          ))}
        </div>
        {errors.jobGroupCode ? (
          <p id="jobgroup-error" role="alert" className={styles.error}>
            {errors.jobGroupCode}
          </p>
        ) : null}
      </fieldset>

      <label className={styles.field}>
        <span className={styles.label}>포지션 (선택)</span>
        <select
          className={styles.select}
          value={positionCode}
          onChange={(e) => setPositionCode(e.target.value)}
          disabled={!positions.length}
          name="positionCode"
        >
          <option value="">선택 안 함</option>
          {positions.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </label>

      <label className={styles.field}>
        <span className={styles.label}>경력</span>
        <select
          className={styles.select}
          value={yearCode}
          onChange={(e) => setYearCode(e.target.value)}
          name="yearCode"
          aria-invalid={Boolean(errors.yearCode)}
        >
          <option value="">경력을 선택해 주세요</option>
          {choices.careerYears.map((y) => (
            <option key={y.code} value={y.code}>
              {y.name}
            </option>
          ))}
        </select>
        {errors.yearCode ? (
          <span role="alert" className={styles.error}>
            {errors.yearCode}
          </span>
        ) : null}
      </label>

      {errors._ && !errors.jobGroupCode && !errors.yearCode ? (
        <p role="alert" className={styles.error}>
          {errors._}
        </p>
      ) : null}
      <Button type="submit" block disabled={saving} data-testid="itskill-step-a-next">
        {saving ? '저장 중…' : '문항 시작하기'}
      </Button>
    </form>
  );
}

/** /itskillcheckup/step-a — base info (job group, position, career years), prefilled from the career card. */
export function BaseInfoPage() {
  const state = useAsync((signal) => getBaseInfoChoices(signal), []);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') {
    if (isApiError(state.error) && state.error.status === 404)
      return (
        <EmptyState
          title={ITSKILL_MESSAGES.checkupNotOpen}
          description="다음 시즌이 열리면 이곳에서 참여할 수 있어요."
        />
      );
    return (
      <ErrorFallback
        title={isApiError(state.error) ? state.error.message : CORE_MESSAGES.genericAlert}
        onRetry={state.reload}
      />
    );
  }
  return <BaseInfoForm choices={state.data} />;
}
