import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { CAREER_CARD_LIMITS, MESSAGES, ONBOARDING_STEPS, type MyInfo, type OnboardingStep } from '@sq/contracts';
import { ErrorFallback, Spinner, StatePanel, useAsync } from '@sq/ui';
import {
  createProject,
  getMyInfo,
  insertMyInfo,
  saveCover,
  saveIntro,
  saveSkills,
  updateMyInfo,
} from '../../../shared/card-api';
import { failure } from '../../../shared/errors';
import { Field, formStyles } from '../../../shared/components/Field';
import { ImagePicker } from '../../../shared/components/ImagePicker';
import { JobFields, type JobValues } from '../../../shared/components/JobFields';
import { SkillsEditor } from '../../../shared/components/SkillsEditor';
import { ProjectForm, emptyProject } from '../../../shared/components/ProjectForm';
import styles from './onboarding.module.css';

const TITLES: Record<OnboardingStep, { title: string; lead: string }> = {
  job: { title: '어떤 일을 하고 있나요?', lead: '직군과 포지션을 골라 주세요. 팀 빌딩 때 가장 먼저 보는 정보예요.' },
  career: { title: '경력은 얼마나 되나요?', lead: 'IT 업계에서 일한 기간을 골라 주세요.' },
  intro: {
    title: '나를 소개해 주세요',
    lead: '어떤 일을 해 왔고, 사이드 프로젝트에서 무엇을 하고 싶은지 적어 주세요.',
  },
  cover: { title: '커버 이미지를 골라 주세요', lead: '카드 맨 위에 보이는 이미지예요. 건너뛰면 기본 색으로 보여요.' },
  skills: { title: '어떤 스킬이 있나요?', lead: '자주 쓰는 도구와 기술을 적어 주세요.' },
  project: {
    title: '첫 프로젝트 경험을 남겨 주세요',
    lead: '사이드 프로젝트든 회사 일이든 좋아요. 나중에 더 추가할 수 있어요.',
  },
};
const isStep = (value: string | undefined): value is OnboardingStep =>
  (ONBOARDING_STEPS as readonly string[]).includes(value ?? '');

/**
 * /careercard/onboarding/{step} (members): the guided setup. Every step saves at once and records the next
 * step on the card, so a member who leaves resumes where they stopped (find-myprofile sends them back).
 */
export function OnboardingPage() {
  const { step } = useParams();
  const state = useAsync((signal) => getMyInfo(signal), []);
  if (!isStep(step)) return <Navigate to="/careercard/onboarding/job" replace />;
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <ErrorFallback title={failure(state.error).message} onRetry={state.reload} />;
  if (!state.data) return <StatePanel role="alert" title={MESSAGES.careerCardNotFound} />;
  return <Step key={step} step={step} myInfo={state.data} />;
}

function Step({ step, myInfo }: { step: OnboardingStep; myInfo: MyInfo }) {
  const navigate = useNavigate();
  const index = ONBOARDING_STEPS.indexOf(step);
  const next = ONBOARDING_STEPS[index + 1];
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  /** Runs the step's save, records the next step, moves on; on a refusal the form keeps what was typed. */
  async function advance(save?: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await save?.();
      await updateMyInfo({ onboardingStep: next ?? 'done' });
      navigate(next ? `/careercard/onboarding/${next}` : `/careercard/${myInfo.profileId}`);
    } catch (caught) {
      const { message, fields: byField } = failure(caught);
      setError(message);
      setFields(byField);
    } finally {
      setBusy(false);
    }
  }

  const frame = (body: ReactNode, actions: ReactNode) => (
    <div className={styles.page} data-testid={`onboarding-${step}`}>
      <div className={styles.progress}>
        <p className={styles.progressText}>
          {index + 1} / {ONBOARDING_STEPS.length} 단계
        </p>
        <div
          className={styles.bar}
          role="progressbar"
          aria-valuemin={1}
          aria-valuemax={ONBOARDING_STEPS.length}
          aria-valuenow={index + 1}
        >
          <div className={styles.barFill} style={{ width: `${((index + 1) / ONBOARDING_STEPS.length) * 100}%` }} />
        </div>
      </div>
      <div>
        <h1 className={styles.title}>{TITLES[step].title}</h1>
        <p className={styles.lead}>{TITLES[step].lead}</p>
      </div>
      {body}
      {error ? (
        <p className={formStyles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.footer}>
        <Link to="/careercard" className="sq-button sq-button--text">
          나중에 이어서 하기
        </Link>
        <div className={formStyles.actions}>{actions}</div>
      </div>
    </div>
  );
  const skip = (
    <button type="button" className="sq-button sq-button--secondary" disabled={busy} onClick={() => void advance()}>
      건너뛰기
    </button>
  );
  const nextButton = (save: () => Promise<unknown>, disabled = false) => (
    <button
      type="button"
      className="sq-button sq-button--primary"
      disabled={busy || disabled}
      onClick={() => void advance(save)}
    >
      다음
    </button>
  );

  if (step === 'job' || step === 'career')
    return <JobStep step={step} myInfo={myInfo} fields={fields} frame={frame} nextButton={nextButton} />;
  if (step === 'intro')
    return <IntroStep myInfo={myInfo} fields={fields} frame={frame} nextButton={nextButton} skip={skip} />;
  if (step === 'cover') {
    return <CoverStep myInfo={myInfo} frame={frame} nextButton={nextButton} skip={skip} />;
  }
  if (step === 'skills')
    return <SkillsStep myInfo={myInfo} fields={fields} frame={frame} nextButton={nextButton} skip={skip} />;
  return frame(
    <ProjectForm
      initial={emptyProject()}
      submitLabel="저장하고 카드 보기"
      onSubmit={async (body) => {
        await createProject(body);
        await advance();
      }}
    />,
    skip,
  );
}

type Frame = (body: ReactNode, actions: ReactNode) => ReactNode;
type NextButton = (save: () => Promise<unknown>, disabled?: boolean) => ReactNode;

function JobStep({
  step,
  myInfo,
  fields,
  frame,
  nextButton,
}: {
  step: 'job' | 'career';
  myInfo: MyInfo;
  fields: Record<string, string>;
  frame: Frame;
  nextButton: NextButton;
}) {
  const [values, setValues] = useState<JobValues>({
    jobGroup: myInfo.jobCode,
    position: myInfo.positionCode,
    careerYears: myInfo.yearCode,
  });
  const save = async () => {
    if (step === 'job') return updateMyInfo({ jobCode: values.jobGroup, positionCode: values.position });
    // The first complete save of the additional info (spec: POST /insertMyinfo); later runs only update it.
    if (!myInfo.onboardedAt)
      return insertMyInfo({ jobCode: myInfo.jobCode, positionCode: myInfo.positionCode, yearCode: values.careerYears });
    return updateMyInfo({ yearCode: values.careerYears });
  };
  const missing = step === 'job' ? !values.jobGroup : !values.careerYears;
  return (
    <>
      {frame(
        <JobFields values={values} onChange={setValues} errors={fields} show={[step === 'job' ? 'job' : 'years']} />,
        nextButton(save, missing),
      )}
    </>
  );
}

function IntroStep({
  myInfo,
  fields,
  frame,
  nextButton,
  skip,
}: {
  myInfo: MyInfo;
  fields: Record<string, string>;
  frame: Frame;
  nextButton: NextButton;
  skip: ReactNode;
}) {
  const [intro, setIntro] = useState(myInfo.intro);
  const tooLong = intro.length > CAREER_CARD_LIMITS.introMax;
  return (
    <>
      {frame(
        <Field id="intro" label="소개" error={tooLong ? MESSAGES.introLength : fields.intro}>
          {(control) => (
            <>
              <textarea
                {...control}
                className={formStyles.textarea}
                value={intro}
                onChange={(e) => setIntro(e.target.value)}
              />
              <p className={formStyles.counter}>
                {intro.length}/{CAREER_CARD_LIMITS.introMax}
              </p>
            </>
          )}
        </Field>,
        <>
          {skip}
          {nextButton(() => saveIntro(intro), tooLong)}
        </>,
      )}
    </>
  );
}

function CoverStep({
  myInfo,
  frame,
  nextButton,
  skip,
}: {
  myInfo: MyInfo;
  frame: Frame;
  nextButton: NextButton;
  skip: ReactNode;
}) {
  const [coverUrl, setCoverUrl] = useState(myInfo.coverImgUrl);
  return (
    <>
      {frame(
        <ImagePicker
          id="cover"
          label="커버 이미지"
          imgUrl={coverUrl}
          onUploaded={async ({ imgId }) => setCoverUrl((await saveCover(imgId)).coverImgUrl)}
        />,
        <>
          {skip}
          {nextButton(async () => undefined, !coverUrl)}
        </>,
      )}
    </>
  );
}

function SkillsStep({
  myInfo,
  fields,
  frame,
  nextButton,
  skip,
}: {
  myInfo: MyInfo;
  fields: Record<string, string>;
  frame: Frame;
  nextButton: NextButton;
  skip: ReactNode;
}) {
  const [skills, setSkills] = useState(myInfo.skills);
  return (
    <>
      {frame(
        <SkillsEditor skills={skills} onChange={setSkills} error={fields.skills} />,
        <>
          {skip}
          {nextButton(() => saveSkills({ skills }), skills.length === 0)}
        </>,
      )}
    </>
  );
}
