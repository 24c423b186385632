import { useState } from 'react';
import {
  CAREER_CARD_LIMITS,
  fieldMessages,
  projectSchema,
  type CareerCardProject,
  type ProjectForm as ProjectBody,
} from '@sq/contracts';
import { ImagePicker } from './ImagePicker';
import { Field, formStyles as styles } from './Field';
import { failure } from '../errors';

export interface ProjectDraft {
  title: string;
  role: string;
  startDate: string;
  endDate: string;
  ongoing: boolean;
  description: string;
  links: string;
  images: { imgId: string; imgUrl: string }[];
}

export const emptyProject = (): ProjectDraft => ({
  title: '',
  role: '',
  startDate: '',
  endDate: '',
  ongoing: false,
  description: '',
  links: '',
  images: [],
});
export const draftOf = (p: CareerCardProject): ProjectDraft => ({
  title: p.title,
  role: p.role,
  startDate: p.startDate,
  endDate: p.endDate ?? '',
  ongoing: p.endDate === null,
  description: p.description,
  links: p.links.join('\n'),
  images: p.images,
});
export const bodyOf = (d: ProjectDraft): ProjectBody => ({
  title: d.title,
  role: d.role,
  startDate: d.startDate,
  endDate: d.ongoing ? null : d.endDate,
  description: d.description,
  links: d.links
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean),
  imgIds: d.images.map((i) => i.imgId),
});

/**
 * One project: name, role, period, what they did, links and images. The draft stays in the form when the
 * service refuses it, so nothing typed is lost; errors show under their fields.
 */
export function ProjectForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: ProjectDraft;
  submitLabel: string;
  onSubmit: (body: ProjectBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ProjectDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit() {
    const body = bodyOf(draft);
    const local = fieldMessages(projectSchema.safeParse(body));
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await onSubmit(body);
    } catch (error) {
      const { message, fields } = failure(error);
      setErrors({ _: message, ...fields });
    } finally {
      setBusy(false);
    }
  }

  const err = (key: string) => errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="project-form"
    >
      <Field id="project-title" label="프로젝트 이름" error={err('title')}>
        {(control) => (
          <input
            {...control}
            className={styles.input}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
          />
        )}
      </Field>
      <Field id="project-role" label="맡은 역할" error={err('role')}>
        {(control) => (
          <input
            {...control}
            className={styles.input}
            value={draft.role}
            placeholder="예: 백엔드, 서비스 기획"
            onChange={(e) => set({ role: e.target.value })}
          />
        )}
      </Field>
      <div className={styles.row}>
        <Field id="project-start" label="시작일" error={err('startDate')}>
          {(control) => (
            <input
              {...control}
              type="date"
              className={styles.input}
              value={draft.startDate}
              onChange={(e) => set({ startDate: e.target.value })}
            />
          )}
        </Field>
        <Field id="project-end" label="종료일" error={err('endDate')}>
          {(control) => (
            <input
              {...control}
              type="date"
              className={styles.input}
              value={draft.endDate}
              disabled={draft.ongoing}
              onChange={(e) => set({ endDate: e.target.value })}
            />
          )}
        </Field>
      </div>
      <label className={styles.hint}>
        <input type="checkbox" checked={draft.ongoing} onChange={(e) => set({ ongoing: e.target.checked })} /> 진행 중인
        프로젝트예요
      </label>
      <Field id="project-description" label="한 일" error={err('description')}>
        {(control) => (
          <textarea
            {...control}
            className={styles.textarea}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </Field>
      <p className={styles.counter}>
        {draft.description.length}/{CAREER_CARD_LIMITS.descriptionMax}
      </p>
      <Field
        id="project-links"
        label="링크 (한 줄에 하나)"
        hint="GitHub, 배포 주소, 발표 자료 등 (5개까지)"
        error={err('links')}
      >
        {(control) => (
          <textarea
            {...control}
            className={styles.textarea}
            style={{ minHeight: 80 }}
            value={draft.links}
            onChange={(e) => set({ links: e.target.value })}
          />
        )}
      </Field>
      <ImagePicker
        id="project-image"
        label={`프로젝트 이미지 (${draft.images.length}/${CAREER_CARD_LIMITS.imagesMax})`}
        imgUrl={draft.images.at(-1)?.imgUrl ?? null}
        onUploaded={(image) => set({ images: [...draft.images, image].slice(-CAREER_CARD_LIMITS.imagesMax) })}
        onRemove={() => set({ images: draft.images.slice(0, -1) })}
      />
      {err('imgIds') ? (
        <p className={styles.error} role="alert">
          {err('imgIds')}
        </p>
      ) : null}
      {errors._ ? (
        <p className={styles.alert} role="alert">
          {errors._}
        </p>
      ) : null}
      <div className={styles.actions}>
        {onCancel ? (
          <button type="button" className="sq-button sq-button--secondary" onClick={onCancel}>
            취소
          </button>
        ) : null}
        <button type="submit" className="sq-button sq-button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
