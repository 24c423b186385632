import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import type { Submission } from '@sq/contracts/api/operators/submissions';
import { IMAGE_UPLOAD } from '@sq/contracts/uploads';
import { fieldMessages, SUBMISSION_LIMITS, submissionSchema, type SubmissionForm } from '@sq/contracts/forms';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { APPLICATION_MESSAGES } from '@sq/contracts/messages/applications';
import { OPERATOR_MESSAGES } from '@sq/contracts/messages/operators';
import { UPLOAD_MESSAGES } from '@sq/contracts/messages/uploads';
import { Button, seoulTime } from '@sq/ui';
import { Field as UiField, withFieldStyles } from '@sq/ui/field';
import { saveSubmission } from '../../api/save-submission';
import { uploadImage } from '../../api/upload-image';
import styles from './team.module.css';

interface Draft {
  projectName: string;
  description: string;
  repositoryUrl: string;
  demoUrl: string;
  images: string[];
}

const draftOf = (s: Submission | null): Draft => ({
  projectName: s?.projectName ?? '',
  description: s?.description ?? '',
  repositoryUrl: s?.repositoryUrl ?? '',
  demoUrl: s?.demoUrl ?? '',
  images: s?.images ?? [],
});
// An empty demo field means "no demo".
const bodyOf = (d: Draft): SubmissionForm => ({ ...d, demoUrl: d.demoUrl.trim() === '' ? null : d.demoUrl });

/** The submission's fields (`@sq/ui/field`), drawn with the team section's styles. */
const Field = withFieldStyles(UiField, styles);

/** The saved submission, read-only (after 15:00 on the last day, or for a member no longer on the team). */
function SubmissionView({ submission }: { submission: Submission }) {
  return (
    <div className={styles.section} data-testid="submission-view">
      <h4 className={styles.subtitle} data-testid="submission-project-name">
        {submission.projectName}
      </h4>
      <p className={styles.description}>{submission.description}</p>
      <div className={styles.links}>
        <a href={submission.repositoryUrl} target="_blank" rel="noopener noreferrer">
          저장소
        </a>
        {submission.demoUrl ? (
          <a href={submission.demoUrl} target="_blank" rel="noopener noreferrer">
            데모
          </a>
        ) : null}
      </div>
      {submission.images.length ? (
        <ul className={styles.images} aria-label="프로젝트 이미지">
          {submission.images.map((src, i) => (
            <li key={src} className={styles.image}>
              <img
                className={styles.thumb}
                src={src}
                alt={`${submission.projectName} 이미지 ${i + 1}`}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.muted}>마지막 저장 {seoulTime(submission.updatedAt)}</p>
    </div>
  );
}

/**
 * The team's final submission: any member on the team writes it until 15:00 on the last day (any save
 * replaces the team's one submission); after that it is read-only. Checked with the service's own schema
 * first; refused input stays in the form with the Korean message under its field.
 */
export function SubmissionBox({
  joinId,
  submission: initial,
  editable,
  open,
  closesAt,
}: {
  joinId: number;
  submission: Submission | null;
  editable: boolean;
  open: boolean;
  closesAt: string | null;
}) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [done, setDone] = useState(false);
  /** Refused as closed (409) while the form was open: the input stays, read-only. */
  const [closed, setClosed] = useState(false);
  const set = (patch: Partial<Draft>) => {
    setDone(false);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const submit = async () => {
    const body = bodyOf(draft);
    const local = fieldMessages(submissionSchema.safeParse(body));
    setErrors(local);
    setDone(false);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      setSaved(await saveSubmission(joinId, body));
      setDone(true);
    } catch (e) {
      setErrors(isApiError(e) ? { _: e.message, ...(e.fields ?? {}) } : { _: CORE_MESSAGES.genericAlert });
      // Past 15:00 on the last day: the typed text stays on screen, but it can no longer be sent.
      if (isApiError(e) && e.status === 409) setClosed(true);
    } finally {
      setBusy(false);
    }
  };

  const addImage = async (file: File | undefined) => {
    if (!file) return;
    if (!(IMAGE_UPLOAD.types as readonly string[]).includes(file.type))
      return setErrors((x) => ({ ...x, images: UPLOAD_MESSAGES.uploadTypeInvalid }));
    if (file.size > IMAGE_UPLOAD.maxBytes) return setErrors((x) => ({ ...x, images: UPLOAD_MESSAGES.uploadTooLarge }));
    if (draft.images.length >= SUBMISSION_LIMITS.imagesMax)
      return setErrors((x) => ({ ...x, images: APPLICATION_MESSAGES.submissionImagesTooMany }));
    setUploading(true);
    try {
      const uploaded = await uploadImage(file);
      set({ images: [...draft.images, uploaded.imgUrl] });
      setErrors(({ images: _dropped, ...rest }) => rest);
    } catch (e) {
      setErrors((x) => ({ ...x, images: isApiError(e) ? e.message : CORE_MESSAGES.genericAlert }));
    } finally {
      setUploading(false);
    }
  };

  const err = (key: string) => errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
  const deadline = closesAt ? seoulTime(closesAt) : '';
  const readOnly = !editable;

  return (
    <section
      className={styles.box}
      aria-labelledby="submission-title"
      data-testid="submission"
      data-state={readOnly ? 'readonly' : closed ? 'closed' : 'open'}
    >
      <h3 id="submission-title" className={styles.subtitle}>
        최종 제출
      </h3>
      {readOnly ? (
        <>
          <p className={styles.notice} data-testid="submission-readonly">
            {!open ? OPERATOR_MESSAGES.sprintSubmissionClosed : '팀에 남아 있는 팀원만 최종 제출을 고칠 수 있어요.'}
          </p>
          {saved ? <SubmissionView submission={saved} /> : <p className={styles.muted}>제출된 결과물이 없어요.</p>}
        </>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          data-testid="submission-form"
        >
          <p className={styles.muted}>
            마지막 날 오후 3시({deadline})까지 팀원 누구나 저장하고 고칠 수 있어요. 마감 후에는 읽기만 할 수 있어요.
          </p>
          <Field id="submission-name" label="프로젝트 이름" error={err('projectName')}>
            {(control) => (
              <input
                {...control}
                className={`${styles.input} ${err('projectName') ? styles.invalid : ''}`}
                value={draft.projectName}
                readOnly={closed}
                onChange={(e) => set({ projectName: e.target.value })}
              />
            )}
          </Field>
          <Field id="submission-description" label="프로젝트 설명" error={err('description')}>
            {(control) => (
              <textarea
                {...control}
                className={`${styles.textarea} ${err('description') ? styles.invalid : ''}`}
                value={draft.description}
                readOnly={closed}
                onChange={(e) => set({ description: e.target.value })}
              />
            )}
          </Field>
          <p className={styles.counter}>
            {draft.description.length}/{SUBMISSION_LIMITS.descriptionMax}
          </p>
          <Field
            id="submission-repository"
            label="저장소 링크"
            hint="GitHub 등 코드 저장소 주소"
            error={err('repositoryUrl')}
          >
            {(control) => (
              <input
                {...control}
                type="url"
                className={`${styles.input} ${err('repositoryUrl') ? styles.invalid : ''}`}
                value={draft.repositoryUrl}
                readOnly={closed}
                placeholder="https://"
                onChange={(e) => set({ repositoryUrl: e.target.value })}
              />
            )}
          </Field>
          <Field id="submission-demo" label="데모 링크 (선택)" error={err('demoUrl')}>
            {(control) => (
              <input
                {...control}
                type="url"
                className={`${styles.input} ${err('demoUrl') ? styles.invalid : ''}`}
                value={draft.demoUrl}
                readOnly={closed}
                placeholder="https://"
                onChange={(e) => set({ demoUrl: e.target.value })}
              />
            )}
          </Field>
          <Field
            id="submission-image"
            label={`프로젝트 이미지 (${draft.images.length}/${SUBMISSION_LIMITS.imagesMax})`}
            hint="PNG, JPG, WEBP · 5MB 이하"
            error={err('images')}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                accept={IMAGE_UPLOAD.types.join(',')}
                disabled={closed || uploading}
                onChange={(e) => {
                  void addImage(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            )}
          </Field>
          {uploading ? (
            <p className={styles.hint} role="status">
              올리는 중…
            </p>
          ) : null}
          {draft.images.length ? (
            <ul className={styles.images} aria-label="올린 이미지">
              {draft.images.map((src, i) => (
                <li key={src} className={styles.image}>
                  <img
                    className={styles.thumb}
                    src={src}
                    alt={`프로젝트 이미지 ${i + 1}`}
                    data-testid="submission-image"
                  />
                  {closed ? null : (
                    <Button
                      variant="text"
                      size="small"
                      onClick={() => set({ images: draft.images.filter((x) => x !== src) })}
                    >
                      이미지 빼기
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {errors._ ? (
            <p className={styles.alert} role="alert" data-testid="submission-error">
              {errors._}
            </p>
          ) : null}
          {done ? (
            <p className={styles.done} role="status" data-testid="submission-saved">
              저장되었어요. 마감 전까지 언제든 고칠 수 있어요.
            </p>
          ) : null}
          {saved && !done ? <p className={styles.muted}>마지막 저장 {seoulTime(saved.updatedAt)}</p> : null}
          {closed ? null : (
            <div className={styles.actions}>
              <Button type="submit" disabled={busy || uploading} data-testid="submission-submit">
                {busy ? '저장하는 중...' : saved ? '수정 내용 저장하기' : '최종 제출하기'}
              </Button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
