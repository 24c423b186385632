import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import {
  CAREER_CARD_LIMITS,
  MESSAGES,
  fieldMessages,
  profileSchema,
  type CareerCardProject,
  type MyInfo,
} from '@sq/contracts';
import { ErrorFallback, Spinner, useAsync } from '@sq/ui';
import {
  deleteProject,
  createProject,
  getMyInfo,
  reorderProjects,
  saveCover,
  saveIntro,
  saveProfile,
  saveSkills,
  updateProject,
} from '../../../shared/card-api';
import { failure } from '../../../shared/errors';
import { refreshHeaderSoon } from '../../../shared/header-refresh';
import { Field, formStyles } from '../../../shared/components/Field';
import { ImagePicker } from '../../../shared/components/ImagePicker';
import { JobFields, type JobValues } from '../../../shared/components/JobFields';
import { SkillsEditor } from '../../../shared/components/SkillsEditor';
import { ProjectForm, draftOf, emptyProject } from '../../../shared/components/ProjectForm';
import styles from './editor.module.css';
import { SkillLevelSection } from './SkillLevelSection';
import { useSaved } from './use-saved';

/** Whether the signed-in member owns the card in the URL (IDs are case-insensitive). */
export const ownsCard = (myInfo: MyInfo | null, profileId: string | undefined) =>
  Boolean(myInfo && profileId && myInfo.profileId.toLowerCase() === profileId.toLowerCase());

/** Leaves with the spec's wrong-access message for anyone but the card's owner. */
function SendAway() {
  useEffect(() => {
    window.alert(MESSAGES.wrongTokenOnRouting);
    navigateToUrl('/');
  }, []);
  return null;
}

/**
 * /careercard/{profileId}/edit (owner only). Each part saves on its own; a refused save keeps what was
 * typed and shows the Korean message under the field.
 */
export function CardEditorPage() {
  const { profileId } = useParams();
  const state = useAsync((signal) => getMyInfo(signal), []);
  if (state.status === 'loading') return <Spinner boxed />;
  if (state.status === 'error') return <ErrorFallback title={failure(state.error).message} onRetry={state.reload} />;
  if (!ownsCard(state.data, profileId)) return <SendAway />;
  return <Editor initial={state.data!} />;
}

function Editor({ initial }: { initial: MyInfo }) {
  const [card, setCard] = useState(initial);
  return (
    <div className={styles.page} data-testid="careercard-editor">
      <div className={styles.head}>
        <h1 className={styles.title}>커리어 카드 편집</h1>
        <Link
          to={`/careercard/${card.profileId}`}
          className="sq-button sq-button--secondary sq-button--small"
          data-testid="editor-view-card"
        >
          카드 보기
        </Link>
      </div>
      <CoverSection card={card} onSaved={setCard} />
      <ProfileSection card={card} onSaved={setCard} />
      <IntroSection card={card} onSaved={setCard} />
      <SkillsSection card={card} onSaved={setCard} />
      <SkillLevelSection card={card} onSaved={setCard} />
      <ProjectsSection card={card} onChanged={(projects) => setCard((c) => ({ ...c, projects }))} />
    </div>
  );
}

function CoverSection({ card, onSaved }: { card: MyInfo; onSaved: (card: MyInfo) => void }) {
  return (
    <section className={styles.section} aria-labelledby="cover-title">
      <h2 id="cover-title" className={styles.sectionTitle}>
        커버 이미지
      </h2>
      <ImagePicker
        id="cover"
        label="커버 이미지"
        imgUrl={card.coverImgUrl}
        onUploaded={async ({ imgId }) => onSaved(await saveCover(imgId))}
        onRemove={() => void saveCover(null).then(onSaved)}
      />
    </section>
  );
}

function ProfileSection({ card, onSaved }: { card: MyInfo; onSaved: (card: MyInfo) => void }) {
  const [alias, setAlias] = useState(card.userAlias);
  const [job, setJob] = useState<JobValues>({
    jobGroup: card.jobCode,
    position: card.positionCode,
    careerYears: card.yearCode,
  });
  const [photo, setPhoto] = useState<{ imgId: string | null; imgUrl: string | null }>({
    imgId: card.imgId,
    imgUrl: card.imgUrl,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, markSaved] = useSaved();

  async function save() {
    const body = {
      useralias: alias,
      jobGroup: job.jobGroup,
      position: job.position,
      careerYears: job.careerYears,
      imgId: photo.imgId,
    };
    const local = fieldMessages(profileSchema.safeParse(body));
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      onSaved(await saveProfile(body));
      markSaved();
      // Not cancelled when the member leaves the editor: the header must catch up wherever they go.
      refreshHeaderSoon();
    } catch (error) {
      const { message, fields } = failure(error);
      setErrors({ _: message, ...fields });
    }
  }

  return (
    <section className={styles.section} aria-labelledby="profile-title">
      <h2 id="profile-title" className={styles.sectionTitle}>
        프로필
      </h2>
      <ImagePicker
        id="photo"
        label="프로필 사진"
        imgUrl={photo.imgUrl}
        onUploaded={(upload) => setPhoto(upload)}
        onRemove={() => setPhoto({ imgId: null, imgUrl: null })}
      />
      <Field
        id="useralias"
        label="닉네임"
        hint="카드에는 이 닉네임과 내 정보의 이름이 함께 공개돼요."
        error={errors.useralias}
      >
        {(control) => (
          <input {...control} className={formStyles.input} value={alias} onChange={(e) => setAlias(e.target.value)} />
        )}
      </Field>
      <JobFields values={job} onChange={setJob} errors={errors} />
      {errors._ ? (
        <p className={formStyles.alert} role="alert">
          {errors._}
        </p>
      ) : null}
      <div className={formStyles.actions}>
        {saved ? (
          <span className={formStyles.status} role="status">
            {saved}
          </span>
        ) : null}
        <button
          type="button"
          className="sq-button sq-button--primary"
          onClick={() => void save()}
          data-testid="save-profile"
        >
          프로필 저장
        </button>
      </div>
    </section>
  );
}

function IntroSection({ card, onSaved }: { card: MyInfo; onSaved: (card: MyInfo) => void }) {
  const [intro, setIntro] = useState(card.intro);
  const [error, setError] = useState<string | null>(null);
  const [saved, markSaved] = useSaved();
  async function save() {
    if (intro.length > CAREER_CARD_LIMITS.introMax) return setError(MESSAGES.introLength);
    try {
      onSaved(await saveIntro(intro));
      setError(null);
      markSaved();
    } catch (caught) {
      setError(failure(caught).message);
    }
  }
  return (
    <section className={styles.section} aria-labelledby="intro-title">
      <h2 id="intro-title" className={styles.sectionTitle}>
        소개
      </h2>
      <Field id="intro" label="소개" error={error ?? undefined}>
        {(control) => (
          <textarea
            {...control}
            className={formStyles.textarea}
            value={intro}
            onChange={(e) => setIntro(e.target.value)}
          />
        )}
      </Field>
      <p className={formStyles.counter}>
        {intro.length}/{CAREER_CARD_LIMITS.introMax}
      </p>
      <div className={formStyles.actions}>
        {saved ? (
          <span className={formStyles.status} role="status">
            {saved}
          </span>
        ) : null}
        <button
          type="button"
          className="sq-button sq-button--primary"
          onClick={() => void save()}
          data-testid="save-intro"
        >
          소개 저장
        </button>
      </div>
    </section>
  );
}

function SkillsSection({ card, onSaved }: { card: MyInfo; onSaved: (card: MyInfo) => void }) {
  const [skills, setSkills] = useState(card.skills);
  const [error, setError] = useState<string | undefined>();
  const [saved, markSaved] = useSaved();
  async function save() {
    try {
      onSaved(await saveSkills({ skills }));
      setError(undefined);
      markSaved();
    } catch (caught) {
      setError(failure(caught).message);
    }
  }
  return (
    <section className={styles.section} aria-labelledby="skills-title">
      <h2 id="skills-title" className={styles.sectionTitle}>
        스킬
      </h2>
      <SkillsEditor skills={skills} onChange={setSkills} error={error} />
      <div className={formStyles.actions}>
        {saved ? (
          <span className={formStyles.status} role="status">
            {saved}
          </span>
        ) : null}
        <button type="button" className="sq-button sq-button--primary" onClick={() => void save()}>
          스킬 저장
        </button>
      </div>
    </section>
  );
}

function ProjectsSection({ card, onChanged }: { card: MyInfo; onChanged: (projects: CareerCardProject[]) => void }) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<CareerCardProject[]>) => {
    try {
      onChanged(await action());
      setError(null);
    } catch (caught) {
      setError(failure(caught).message);
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = card.projects.map((p) => p.projectId);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void run(() => reorderProjects(ids));
  };
  return (
    <section className={styles.section} aria-labelledby="projects-title">
      <h2 id="projects-title" className={styles.sectionTitle}>
        프로젝트 경험 {card.projects.length}
      </h2>
      <ol className={styles.projects} data-testid="editor-projects">
        {card.projects.map((project, index) =>
          editing === project.projectId ? (
            <li key={project.projectId}>
              <ProjectForm
                initial={draftOf(project)}
                submitLabel="프로젝트 저장"
                onCancel={() => setEditing(null)}
                onSubmit={async (body) => {
                  onChanged(await updateProject(project.projectId, body));
                  setEditing(null);
                }}
              />
            </li>
          ) : (
            <li key={project.projectId} className={styles.project}>
              <span className={styles.projectText}>
                <span className={styles.projectTitle}>{project.title}</span>
                <span className={styles.projectMeta}>
                  {project.role} · {project.period}
                </span>
              </span>
              <span className={styles.projectActions}>
                <button
                  type="button"
                  className="sq-button sq-button--text sq-button--small"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`${project.title} 위로`}
                >
                  위로
                </button>
                <button
                  type="button"
                  className="sq-button sq-button--text sq-button--small"
                  disabled={index === card.projects.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`${project.title} 아래로`}
                >
                  아래로
                </button>
                <button
                  type="button"
                  className="sq-button sq-button--secondary sq-button--small"
                  onClick={() => setEditing(project.projectId)}
                >
                  수정
                </button>
                <button
                  type="button"
                  className="sq-button sq-button--text sq-button--small"
                  onClick={() => {
                    if (window.confirm(`'${project.title}' 프로젝트를 삭제할까요?`))
                      void run(() => deleteProject(project.projectId));
                  }}
                >
                  삭제
                </button>
              </span>
            </li>
          ),
        )}
      </ol>
      {error ? (
        <p className={formStyles.alert} role="alert">
          {error}
        </p>
      ) : null}
      {editing === 'new' ? (
        <ProjectForm
          initial={emptyProject()}
          submitLabel="프로젝트 추가"
          onCancel={() => setEditing(null)}
          onSubmit={async (body) => {
            onChanged(await createProject(body));
            setEditing(null);
          }}
        />
      ) : (
        <button
          type="button"
          className="sq-button sq-button--secondary"
          onClick={() => setEditing('new')}
          disabled={card.projects.length >= CAREER_CARD_LIMITS.projectsMax}
        >
          프로젝트 추가
        </button>
      )}
    </section>
  );
}
