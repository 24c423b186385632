import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import { Button, Icon, Modal, Spinner, formatThousands } from '@sq/ui';
import { sessionAtom } from '../../../shared/state/session';
import { onboardingSchema, type OnboardingForm } from '@sq/contracts/forms';
import { useCareerYears } from '../api/get-career-years';
import { refreshMe } from '../api/get-me';
import { useJobGroups } from '../api/get-job-groups';
import { saveUserDetail } from '../api/save-user-detail';
import { useForm, type FormSchema } from '../hooks/use-form';
import {
  ONBOARDING_DONE,
  ONBOARDING_STEPS,
  ONBOARDING_STEP_OF,
  clearOnboardingDraft,
  isOnboardingStep,
  nextOnboardingStep,
  onboardingPath,
  readOnboardingDraft,
  saveOnboardingDraft,
  toUserDetailBody,
  type OnboardingResult,
  type OnboardingStep,
  type OnboardingValues,
} from '../onboarding';
import { SelectField } from './Field';
import { OnboardingImageStep } from './OnboardingImageStep';
import styles from './account.module.css';

const SIGN_UP_POINTS = 10_000;

/** The point event offered right after sign-up: the onboarding credits 10,000 points once. */
export function PointEventModal({ open, onJoin, onLater }: { open: boolean; onJoin: () => void; onLater: () => void }) {
  return (
    <Modal
      open={open}
      title="가입 축하 포인트 이벤트"
      onClose={onJoin}
      footer={
        <>
          <Button variant="secondary" onClick={onLater}>
            다음에 할게요
          </Button>
          <Button onClick={onJoin}>추가 정보 입력하기</Button>
        </>
      }
    >
      <p>
        추가 정보를 입력하면 <strong>{formatThousands(SIGN_UP_POINTS)} 포인트</strong>를 드려요.
      </p>
      <p className={styles.hint}>포인트는 한 번만 지급돼요.</p>
    </Modal>
  );
}

const onboardingForm: FormSchema<OnboardingForm> = {
  safeParse: (values) => onboardingSchema.safeParse(toUserDetailBody(values as OnboardingValues)),
};

function OnboardingSteps({ step }: { step: OnboardingStep }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAtomValue(sessionAtom);
  const [welcome, setWelcome] = useState(() => (location.state as { welcome?: boolean } | null)?.welcome === true);
  const form = useForm<OnboardingValues, OnboardingForm>(onboardingForm, () => ({
    imgId: '',
    imgUrl: '',
    intro: '',
    // A job group stored as a code (members who signed up here) is the default pick.
    jobCode: /^[A-Z0-9_]+$/.test(user?.userJobGroup ?? '') ? (user?.userJobGroup ?? '') : '',
    yearCode: '',
    ...readOnboardingDraft(),
  }));
  const jobGroups = useJobGroups();
  const careerYears = useCareerYears();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => saveOnboardingDraft(form.values), [form.values]);

  const finish = (result: OnboardingResult | null) => {
    clearOnboardingDraft();
    navigate(onboardingPath(ONBOARDING_DONE), { replace: true, state: result });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = nextOnboardingStep(step);
    if (next) {
      if (step === ONBOARDING_STEP_OF.intro) {
        form.visit('intro');
        if (form.messages.intro) return;
      }
      navigate(onboardingPath(next));
      return;
    }
    form.revealAll();
    if (!form.data) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await saveUserDetail(form.data);
      await refreshMe().catch(() => undefined);
      finish({ pointGranted: saved.pointGranted, pointBalance: saved.pointBalance });
    } catch (e) {
      setBusy(false);
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      // A picture the server would not attach is dropped (the message says to choose again); the rest stays.
      if (isApiError(e) && e.fields?.imgId) {
        form.setValue('imgId', '');
        form.setValue('imgUrl', '');
      }
    }
  };

  return (
    <section className={styles.pageWide}>
      <ol className={styles.steps} aria-label="온보딩 단계">
        {ONBOARDING_STEPS.map((s) => (
          <li
            key={s}
            className={s === step ? styles.stepCurrent : undefined}
            aria-current={s === step ? 'step' : undefined}
          >
            {s}단계
          </li>
        ))}
      </ol>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {step === ONBOARDING_STEP_OF.image ? (
          <OnboardingImageStep
            imgUrl={form.values.imgUrl}
            onUploaded={(image) => {
              form.setValue('imgId', image.imgId);
              form.setValue('imgUrl', image.imgUrl);
            }}
            onRemove={() => {
              form.setValue('imgId', '');
              form.setValue('imgUrl', '');
            }}
            onBusyChange={setUploading}
          />
        ) : step === ONBOARDING_STEP_OF.intro ? (
          <>
            <h1 className={styles.heading}>나를 소개해 주세요</h1>
            <label className={styles.field}>
              <span className={styles.label}>한 줄 소개 (선택)</span>
              <textarea
                className={styles.textarea}
                name="intro"
                placeholder="어떤 사이드 프로젝트를 하고 싶은지 알려 주세요."
                value={form.values.intro}
                onChange={(e) => form.setValue('intro', e.target.value)}
                onBlur={() => form.visit('intro')}
              />
            </label>
            {form.messageOf('intro') ? <p className={styles.error}>{form.messageOf('intro')}</p> : null}
          </>
        ) : (
          <>
            <h1 className={styles.heading}>직무와 경력을 알려 주세요</h1>
            {jobGroups.status === 'loading' || careerYears.status === 'loading' ? <Spinner /> : null}
            <SelectField
              label="직군"
              name="jobCode"
              placeholder="직군을 선택하세요"
              options={jobGroups.data ?? []}
              value={form.values.jobCode}
              onChange={(e) => form.setValue('jobCode', e.target.value)}
              onBlur={() => form.visit('jobCode')}
              error={form.messageOf('jobCode')}
            />
            <SelectField
              label="경력"
              name="yearCode"
              placeholder="경력을 선택하세요"
              options={careerYears.data ?? []}
              value={form.values.yearCode}
              onChange={(e) => form.setValue('yearCode', e.target.value)}
              onBlur={() => form.visit('yearCode')}
              error={form.messageOf('yearCode')}
            />
          </>
        )}
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          {step !== ONBOARDING_STEPS[0] ? (
            <Button variant="secondary" onClick={() => navigate(-1)}>
              이전
            </Button>
          ) : null}
          <Button type="submit" disabled={busy || uploading}>
            {nextOnboardingStep(step) ? '다음' : '완료'}
          </Button>
        </div>
        <Button variant="text" onClick={() => finish(null)}>
          건너뛰기
        </Button>
      </form>
      <PointEventModal open={welcome} onJoin={() => setWelcome(false)} onLater={() => finish(null)} />
    </section>
  );
}

/** The end of sign-up: the point credit (when this onboarding granted it) and where to go next. */
export function SignUpCompletePage() {
  const location = useLocation();
  const { user } = useAtomValue(sessionAtom);
  const result = useMemo(() => location.state as OnboardingResult | null, [location.state]);
  return (
    <section className={styles.page}>
      <div className={styles.done}>
        <div className={styles.doneIcon}>
          <Icon name="party" size={48} />
        </div>
        <h1 className={styles.heading}>가입을 축하해요!</h1>
        {result?.pointGranted ? (
          <p className={styles.result} role="status" data-testid="point-granted">
            {ACCOUNT_MESSAGES.pointGranted} (보유 포인트 {formatThousands(result.pointBalance)})
          </p>
        ) : null}
        <Link className="sq-button sq-button--primary sq-button--block" to="/bside">
          프로그램 둘러보기
        </Link>
        <Link
          className="sq-button sq-button--secondary sq-button--block"
          to={user?.profileId ? `/careercard/${user.profileId}` : '/careercard'}
        >
          내 커리어 카드 보기
        </Link>
      </div>
    </section>
  );
}

/** /signup/onboarding/{step} (sign-in required). */
export function OnboardingPage({ step }: { step: string | undefined }) {
  if (step === ONBOARDING_DONE) return <SignUpCompletePage />;
  if (!isOnboardingStep(step)) return <Navigate to={onboardingPath(ONBOARDING_STEPS[0])} replace />;
  return <OnboardingSteps step={step} />;
}
