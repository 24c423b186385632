import {
  asideStepSchema,
  WIZARD_QUESTIONS,
  type ApplicationDraft,
  type AsideStep as AsideAnswers,
} from '@sq/contracts/api/applications';
import { Button } from '@sq/ui';
import { asideInitial, asideRequest, friendLimitError, type AsideValues } from '../answers';
import { backupKey, useStepForm } from '../hooks/use-step-form';
import { StepForm } from './StepForm';
import { TextAreaField, TextField } from '../../../shared/Field';
import styles from './apply.module.css';

const ASIDE = WIZARD_QUESTIONS.aside;

/** aside: portfolio and GitHub links, what they want to build, available time, friends (career card IDs). */
export function AsideStep({
  draft,
  save,
  onBack,
}: {
  draft: ApplicationDraft;
  save: (answers: AsideAnswers) => Promise<void>;
  onBack: (() => void) | null;
}) {
  const maxFriends = draft.maxFriends;
  const form = useStepForm<AsideValues, AsideAnswers>({
    storageKey: backupKey(draft.oddId, 'aside'),
    initial: () => asideInitial(draft.answers.aside),
    schema: asideStepSchema,
    toRequest: asideRequest,
    extraChecks: (values) => friendLimitError(values, maxFriends),
    save,
  });
  const { values, setValue, errorOf, errors } = form;
  const friends = values.friendCareerCardIds;
  const setFriend = (index: number, id: string) =>
    setValue(
      'friendCareerCardIds',
      friends.map((f, i) => (i === index ? id : f)),
    );

  return (
    <StepForm onSubmit={form.submit} formError={form.formError} busy={form.saving} onBack={onBack}>
      <TextField
        label={ASIDE.portfolioUrl.label}
        optional
        name="portfolioUrl"
        type="url"
        placeholder="https://"
        value={values.portfolioUrl}
        onChange={(e) => setValue('portfolioUrl', e.target.value)}
        error={errorOf('portfolioUrl')}
      />
      <TextField
        label={ASIDE.githubUrl.label}
        optional
        name="githubUrl"
        type="url"
        placeholder="https://github.com/"
        value={values.githubUrl}
        onChange={(e) => setValue('githubUrl', e.target.value)}
        error={errorOf('githubUrl')}
      />
      <TextAreaField
        label={ASIDE.wantToBuild.label}
        name="wantToBuild"
        maxLength={1000}
        value={values.wantToBuild}
        onChange={(e) => setValue('wantToBuild', e.target.value)}
        error={errorOf('wantToBuild')}
      />
      <TextField
        label={ASIDE.availableTime.label}
        name="availableTime"
        placeholder="예: 평일 저녁 9시 이후, 주말 오후"
        maxLength={200}
        value={values.availableTime}
        onChange={(e) => setValue('availableTime', e.target.value)}
        error={errorOf('availableTime')}
      />
      <TextField
        label={ASIDE.weeklyHours.label}
        optional
        name="weeklyHours"
        inputMode="numeric"
        placeholder="예: 10"
        value={values.weeklyHours}
        onChange={(e) => setValue('weeklyHours', e.target.value)}
        error={errorOf('weeklyHours')}
        hint={ASIDE.weeklyHours.hint}
      />

      {maxFriends > 0 ? (
        <fieldset className={styles.fieldset} data-testid="friends">
          <legend className={styles.legend}>{ASIDE.friendCareerCardIds.label} (선택)</legend>
          <p className={styles.hint}>같은 팀을 원하는 친구의 커리어 카드 ID를 최대 {maxFriends}명까지 적어 주세요.</p>
          <div className={styles.friends}>
            {friends.map((id, index) => (
              <div className={styles.row} key={index}>
                <TextField
                  label={`친구 ${index + 1} 커리어 카드 ID`}
                  name={`friend-${index}`}
                  value={id}
                  onChange={(e) => setFriend(index, e.target.value)}
                  error={errors[`friendCareerCardIds.${index}`]}
                />
                <Button
                  variant="text"
                  size="small"
                  onClick={() =>
                    setValue(
                      'friendCareerCardIds',
                      friends.filter((_, i) => i !== index),
                    )
                  }
                >
                  삭제
                </Button>
              </div>
            ))}
          </div>
          {errors.friendCareerCardIds ? (
            <p className={styles.error} data-field-error>
              {errors.friendCareerCardIds}
            </p>
          ) : null}
          {friends.length < maxFriends ? (
            <Button variant="secondary" size="small" onClick={() => setValue('friendCareerCardIds', [...friends, ''])}>
              친구 추가
            </Button>
          ) : null}
        </fieldset>
      ) : null}
    </StepForm>
  );
}
