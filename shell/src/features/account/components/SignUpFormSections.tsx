import { Link } from 'react-router-dom';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, Spinner } from '@sq/ui';
import { SHOW_PRIVACY_QUERY, SHOW_TERMS_QUERY } from '../../../shared/constants';
import type { useRequiredInfoForm } from '../hooks/use-required-info-form';
import type { SignUpValues } from '../sign-up-form';
import { SelectField } from './Field';
import styles from './account.module.css';

type RequiredInfo = ReturnType<typeof useRequiredInfoForm>;

function withFlag(search: string, flag: string): string {
  const params = new URLSearchParams(search);
  params.set(flag, '');
  return `?${params.toString()}`;
}

/** 직무 정보: job group, then its positions, and career years, from the code lists (with a retry when they fail). */
export function JobSection({
  values,
  change,
  setValue,
  visit,
  fieldState,
  positions,
  jobGroups,
  careerYears,
  codesFailed,
}: Pick<
  RequiredInfo,
  'values' | 'change' | 'visit' | 'fieldState' | 'positions' | 'jobGroups' | 'careerYears' | 'codesFailed'
> & { setValue: RequiredInfo['form']['setValue'] }) {
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>직무 정보</h2>
      {jobGroups.status === 'loading' || careerYears.status === 'loading' ? <Spinner /> : null}
      {codesFailed ? (
        <p role="alert" className={styles.error}>
          {CORE_MESSAGES.genericAlert}{' '}
          <Button
            variant="text"
            size="small"
            onClick={() => (jobGroups.status === 'error' ? jobGroups.reload() : careerYears.reload())}
          >
            {CORE_MESSAGES.retry}
          </Button>
        </p>
      ) : null}
      <SelectField
        label="직군"
        name="jobGroup"
        placeholder="직군을 선택하세요"
        options={jobGroups.data ?? []}
        value={values.jobGroup}
        onChange={(e) => {
          change('jobGroup', e.target.value);
          setValue('position', '');
        }}
        onBlur={() => visit('jobGroup')}
        error={fieldState('jobGroup').error}
      />
      <SelectField
        label="포지션"
        name="position"
        placeholder={values.jobGroup ? '포지션을 선택하세요' : '직군을 먼저 선택하세요'}
        options={positions}
        disabled={!values.jobGroup}
        value={values.position}
        onChange={(e) => change('position', e.target.value)}
        onBlur={() => visit('position')}
        error={fieldState('position').error}
      />
      <SelectField
        label="경력"
        name="careerYears"
        placeholder="경력을 선택하세요"
        options={careerYears.data ?? []}
        value={values.careerYears}
        onChange={(e) => change('careerYears', e.target.value)}
        onBlur={() => visit('careerYears')}
        error={fieldState('careerYears').error}
      />
    </div>
  );
}

/** 약관 동의: the two required consents (each with its text one link away) and marketing. */
export function ConsentSection({
  values,
  change,
  search,
}: {
  values: SignUpValues;
  change: RequiredInfo['change'];
  search: string;
}) {
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>약관 동의</h2>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="termsAgreed"
          checked={values.termsAgreed}
          onChange={(e) => change('termsAgreed', e.target.checked)}
        />
        <span>[필수] 서비스 이용약관 동의</span>
        <Link className={styles.checkLink} to={withFlag(search, SHOW_TERMS_QUERY)}>
          보기
        </Link>
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="privacyAgreed"
          checked={values.privacyAgreed}
          onChange={(e) => change('privacyAgreed', e.target.checked)}
        />
        <span>[필수] 개인정보 수집 및 이용 동의</span>
        <Link className={styles.checkLink} to={withFlag(search, SHOW_PRIVACY_QUERY)}>
          보기
        </Link>
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="marketingAgreed"
          checked={values.marketingAgreed}
          onChange={(e) => change('marketingAgreed', e.target.checked)}
        />
        <span>[선택] 마케팅 정보 수신 동의</span>
      </label>
    </div>
  );
}
