import { useMemo } from 'react';
import type { CommonCode, JobGroupWithPositions, ProductDetail, SignedInUser } from '@sq/contracts';
import {
  requiredStepSchema,
  WIZARD_QUESTIONS,
  type ApplicationDraft,
  type RequiredStep as RequiredAnswers,
} from '@sq/contracts/api/applications';
import { formatPhone } from '@sq/ui';
import { eligibilityError, requiredInitial, requiredRequest, roleOptions, type RequiredValues } from '../answers';
import { backupKey, useStepForm } from '../hooks/use-step-form';
import { StepForm } from './StepForm';
import { SelectField, TextField } from '../../../shared/Field';
import styles from './apply.module.css';

const REQUIRED = WIZARD_QUESTIONS.required;

export interface RequiredStepProps {
  draft: ApplicationDraft;
  product: ProductDetail;
  user: SignedInUser;
  jobGroups: JobGroupWithPositions[];
  careerYears: CommonCode[];
  save: (answers: RequiredAnswers) => Promise<void>;
  onBack: (() => void) | null;
}

/** required: contact (prefilled from the account), job group and position, career, months of IT work, role. */
export function RequiredStep({ draft, product, user, jobGroups, careerYears, save, onBack }: RequiredStepProps) {
  const minMonths = draft.minExperienceMonths;
  const form = useStepForm<RequiredValues, RequiredAnswers>({
    storageKey: backupKey(draft.oddId, 'required'),
    initial: () => requiredInitial(draft.answers.required, user, jobGroups, product),
    schema: requiredStepSchema,
    toRequest: requiredRequest,
    extraChecks: (values): Record<string, string> => {
      const refusal = eligibilityError(values, minMonths);
      return refusal ? { experienceMonths: refusal } : {};
    },
    save,
  });
  const { values, setValue, errorOf } = form;
  const positions = useMemo(
    () => jobGroups.find((g) => g.code === values.jobGroup)?.positions ?? [],
    [jobGroups, values.jobGroup],
  );
  // Said as soon as the member types a number below the minimum, not only on submit.
  const refusal = eligibilityError(values, minMonths) ?? errorOf('experienceMonths');

  return (
    <StepForm onSubmit={form.submit} formError={form.formError} busy={form.saving} onBack={onBack}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>연락처</legend>
        <TextField
          label={REQUIRED.contactEmail.label}
          name="contactEmail"
          type="email"
          autoComplete="email"
          value={values.contactEmail}
          onChange={(e) => setValue('contactEmail', e.target.value)}
          error={errorOf('contactEmail')}
          hint={REQUIRED.contactEmail.hint}
        />
        <TextField
          label={REQUIRED.phone.label}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="010-1234-5678"
          value={values.phone}
          onChange={(e) => setValue('phone', formatPhone(e.target.value))}
          error={errorOf('phone')}
        />
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>직무와 경력</legend>
        <SelectField
          label={REQUIRED.jobGroup.label}
          name="jobGroup"
          placeholder="직군을 선택해 주세요"
          options={jobGroups}
          value={values.jobGroup}
          onChange={(e) => {
            setValue('jobGroup', e.target.value);
            setValue('position', '');
          }}
          error={errorOf('jobGroup')}
        />
        <SelectField
          label={REQUIRED.position.label}
          name="position"
          placeholder={values.jobGroup ? '포지션을 선택해 주세요' : '직군을 먼저 선택해 주세요'}
          options={positions}
          value={values.position}
          disabled={!values.jobGroup}
          onChange={(e) => setValue('position', e.target.value)}
          error={errorOf('position')}
        />
        <SelectField
          label={REQUIRED.careerYears.label}
          name="careerYears"
          placeholder="경력을 선택해 주세요"
          options={careerYears}
          value={values.careerYears}
          onChange={(e) => setValue('careerYears', e.target.value)}
          error={errorOf('careerYears')}
        />
        <TextField
          label={REQUIRED.experienceMonths.label}
          name="experienceMonths"
          inputMode="numeric"
          placeholder="예: 18"
          value={values.experienceMonths}
          onChange={(e) => setValue('experienceMonths', e.target.value.replace(/[^\d]/g, '').slice(0, 4))}
          error={refusal}
          hint={
            minMonths !== null
              ? `${product.name}은(는) IT 실무 경력 ${minMonths}개월 이상부터 지원할 수 있어요.`
              : product.eligibility || undefined
          }
        />
        <SelectField
          label={REQUIRED.role.label}
          name="role"
          placeholder="지원 직군을 선택해 주세요"
          options={roleOptions(product)}
          value={values.role}
          onChange={(e) => setValue('role', e.target.value as RequiredValues['role'])}
          error={errorOf('role')}
        />
      </fieldset>
    </StepForm>
  );
}
