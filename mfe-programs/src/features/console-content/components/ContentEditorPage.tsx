import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { apiGet, isApiError } from '@sq/api-client';
import { CONTENT_KIND_NAMES, type ContentItem, type ContentKind } from '@sq/contracts/api/content-admin';
import type { LegalResponse } from '@sq/contracts';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { OPERATOR_MESSAGES } from '@sq/contracts/messages/operators';
import { Button, Spinner, useAsync } from '@sq/ui';
import { CheckField, FormError, SelectField, TextAreaField, TextField } from '../../../shared/Field';
import { LoadError } from '../../../shared/LoadError';
import { NotFoundPage } from '../../../shared/NotFoundPage';
import {
  discardContentDraft,
  getContentItem,
  getEveryContentItem,
  saveContentDraft,
  setContentPublished,
} from '../api/content';
import { getProducts } from '../../../shared/console/api/get-products';
import { uploadImage } from '../api/upload-image';
import {
  CONTENT_FIELDS,
  NEW_CONTENT,
  contentValues,
  previewUrl,
  type FieldSpec,
  type FormContext,
} from '../content-form';
import { useContentForm } from '../hooks/use-content-form';
import { ContentKindTabs, isContentKind } from './ContentPage';
import { RefundCasesField } from './RefundCasesField';
import styles from '../../../shared/console/console.module.css';

/** `/admin/content/{kind}/{itemId|new}`: the editor of one item (its draft), with preview, publish and take-down. */
export function ContentEditorPage() {
  const { kind, itemId } = useParams();
  const id = itemId === 'new' ? null : Number(itemId);
  if (!isContentKind(kind) || (id !== null && !(Number.isInteger(id) && id > 0))) return <NotFoundPage />;
  return <ContentEditorLoader key={`${kind}/${itemId}`} kind={kind} itemId={id} />;
}

function ContentEditorLoader({ kind, itemId }: { kind: ContentKind; itemId: number | null }) {
  const loaded = useAsync(
    async (signal) => {
      const [item, products, categories] = await Promise.all([
        itemId === null ? null : getContentItem(kind, itemId, signal),
        getProducts(signal),
        kind === 'faq-entry' ? getEveryContentItem('faq-category', signal) : [],
      ]);
      return { item, context: { products, categories } };
    },
    [kind, itemId],
  );
  if (loaded.status === 'loading') return <Spinner boxed />;
  if (loaded.status === 'error')
    return <LoadError error={loaded.error} onRetry={loaded.reload} notFound={OPERATOR_MESSAGES.contentItemNotFound} />;
  return <ContentEditor kind={kind} initialItem={loaded.data.item} context={loaded.data.context} />;
}

export function ContentEditor({
  kind,
  initialItem,
  context,
}: {
  kind: ContentKind;
  initialItem: ContentItem | null;
  context: FormContext;
}) {
  const navigate = useNavigate();
  const [item, setItem] = useState(initialItem);
  const [notice, setNotice] = useState<string | null>(null);
  const base = item?.draft?.body ?? item?.body ?? NEW_CONTENT[kind];
  const form = useContentForm(
    kind,
    useMemo(() => contentValues(kind, base), [kind, base]),
    base,
    context,
  );
  const itemId = item?.itemId ?? null;

  const saved = (next: ContentItem | null, message: string) => {
    if (!next) return;
    setItem(next);
    setNotice(message);
    // A new item has its id once its draft is saved: the address names it from then on (history keeps one entry).
    if (itemId === null) window.history.replaceState(window.history.state, '', `/admin/content/${kind}/${next.itemId}`);
  };
  const saveDraft = () =>
    void form
      .submit((body) => saveContentDraft(kind, itemId, body))
      .then((next) => saved(next ?? null, '초안을 저장했어요. 방문자에게는 아직 보이지 않아요.'));
  const publish = () =>
    void form
      .submit(async (body) => setContentPublished(kind, (await saveContentDraft(kind, itemId, body)).itemId, true))
      .then((next) => saved(next ?? null, '게시했어요. 방문자에게 바로 보여요.'));
  const [actionError, setActionError] = useState<string | null>(null);
  const act = async (action: () => Promise<ContentItem | null>, message: string) => {
    setActionError(null);
    try {
      const next = await action();
      if (next) {
        setItem(next);
        setNotice(message);
      } else navigate(`/admin/content/${kind}`);
    } catch (error) {
      setActionError(isApiError(error) ? error.message : CORE_MESSAGES.genericAlert);
    }
  };

  return (
    <>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>
            {itemId === null ? `새 ${CONTENT_KIND_NAMES[kind]}` : `${CONTENT_KIND_NAMES[kind]} 편집`}
          </h1>
          <p className={styles.lead} data-testid="content-state">
            {item === null || item.body === null
              ? '아직 게시하지 않았어요.'
              : item.published
                ? '게시 중이에요.'
                : '게시를 중단했어요.'}
            {item?.draft ? ' 저장한 초안이 있어요.' : ''}
          </p>
        </div>
        <Link to={`/admin/content/${kind}`} className="sq-button sq-button--secondary">
          목록으로
        </Link>
      </header>
      <ContentKindTabs />
      {notice ? (
        <p className={styles.notice} role="status" data-testid="content-notice">
          {notice}
        </p>
      ) : null}
      <FormError message={actionError} />
      <form
        className={styles.form}
        noValidate
        data-testid="content-form"
        onSubmit={(event) => {
          event.preventDefault();
          saveDraft();
        }}
      >
        <FormError message={form.formError} />
        {CONTENT_FIELDS[kind]
          .filter((field) => field.shownWhen?.(form.values) ?? true)
          .map((field) => (
            <Field key={field.name} field={field} form={form} context={context} />
          ))}
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" disabled={form.saving} data-testid="content-save">
            {form.saving ? '저장 중...' : '초안 저장'}
          </Button>
          <Button type="button" disabled={form.saving} onClick={publish} data-testid="content-publish">
            게시하기
          </Button>
          {item?.draft && !item.pagePath.startsWith('/api/') ? (
            <a
              className="sq-button sq-button--secondary"
              href={previewUrl(item.pagePath, item.draft.previewToken)}
              target="_blank"
              rel="noreferrer"
              data-testid="content-preview"
            >
              초안 미리보기
            </a>
          ) : null}
          {item?.published && item.body !== null ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() =>
                void act(
                  () => setContentPublished(kind, item.itemId, false),
                  '게시를 중단했어요. 방문자에게 보이지 않아요.',
                )
              }
            >
              게시 중단
            </Button>
          ) : null}
          {item?.draft ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => void act(() => discardContentDraft(kind, item.itemId), '초안을 버렸어요.')}
            >
              초안 버리기
            </Button>
          ) : null}
        </div>
      </form>
      {item?.draft && item.pagePath.startsWith('/api/legal/') ? (
        <LegalPreview path={item.pagePath} token={item.draft.previewToken} />
      ) : null}
    </>
  );
}

/** Legal texts open in a modal over any page: their draft is previewed here, from the public endpoint with the token. */
function LegalPreview({ path, token }: { path: string; token: string }) {
  const [url, query] = path.replace(/^\/api/, '').split('?');
  const document = useAsync(
    async (signal) =>
      (
        await apiGet<LegalResponse>(
          url!,
          { ...Object.fromEntries(new URLSearchParams(query)), preview: token },
          { signal },
        )
      ).document,
    [url, query, token],
  );
  if (document.status !== 'success')
    return document.status === 'error' ? (
      <LoadError error={document.error} onRetry={document.reload} />
    ) : (
      <Spinner boxed />
    );
  return (
    <section className={styles.section} aria-label="초안 미리보기" data-testid="legal-preview">
      <h2 className={styles.subtitle}>
        미리보기: {document.data.title} (시행일 {document.data.effectiveDate})
      </h2>
      {document.data.sections.map((section, i) => (
        <div key={i}>
          <h3 className={styles.label}>{section.heading}</h3>
          {section.paragraphs.map((p, j) => (
            <p key={j} className={styles.lines}>
              {p}
            </p>
          ))}
        </div>
      ))}
    </section>
  );
}

type Form = ReturnType<typeof useContentForm>;

/** The pixel size of an image file, or null where the browser cannot tell. */
async function pixelSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

function Field({ field, form, context }: { field: FieldSpec; form: Form; context: FormContext }) {
  const [uploadError, setUploadError] = useState<string | undefined>();
  const value = form.values[field.name];
  const common = {
    name: field.name,
    label: field.label,
    hint: field.hint,
    optional: field.optional,
    error: form.errors[field.name],
  };
  const text = {
    ...common,
    value: typeof value === 'string' ? value : '',
    onChange: (e: { target: { value: string } }) => form.set(field.name, e.target.value),
  };
  switch (field.type) {
    case 'check':
      return (
        <CheckField
          name={field.name}
          label={field.label}
          error={form.errors[field.name]}
          checked={value === true}
          onChange={(e) => form.set(field.name, e.target.checked)}
        />
      );
    case 'textarea':
    case 'paragraphs':
    case 'sections':
    case 'lines':
    case 'list':
      return <TextAreaField {...text} rows={field.type === 'sections' || field.type === 'paragraphs' ? 12 : 4} />;
    case 'select':
      return <SelectField {...text} placeholder="선택해 주세요" options={field.options ?? []} />;
    case 'product':
      return (
        <SelectField
          {...text}
          placeholder={field.optional ? '없음' : '프로그램을 선택해 주세요'}
          options={context.products.map((p) => ({ code: String(p.productId), name: p.name }))}
        />
      );
    case 'category':
      return (
        <SelectField
          {...text}
          placeholder="분류를 선택해 주세요"
          options={context.categories.map((c) => ({ code: String(c.itemId), name: c.title }))}
        />
      );
    case 'cases':
      return (
        <RefundCasesField
          label={field.label}
          hint={field.hint}
          error={form.errors[field.name]}
          options={field.options ?? []}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => form.set(field.name, next)}
          productId={form.values.productId ? Number(form.values.productId) : null}
        />
      );
    case 'date':
      return <TextField {...text} type="date" />;
    case 'number':
      return <TextField {...text} inputMode="numeric" />;
    case 'image':
      return (
        <div className={styles.field}>
          <TextField {...text} error={form.errors[field.name] ?? uploadError} />
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label={`${field.label} 올리기`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              setUploadError(undefined);
              uploadImage(file).then(
                async (uploaded) => {
                  form.set(field.name, uploaded.imgUrl);
                  // The image's own size fills its width and height fields (the page reserves that box).
                  const size = await pixelSize(file);
                  const image = field.name.replace(/\.url$/, '');
                  if (!size || image === field.name) return;
                  for (const [side, pixels] of [
                    ['width', size.width],
                    ['height', size.height],
                  ] as const) {
                    if (`${image}.${side}` in form.values) form.set(`${image}.${side}`, String(pixels));
                  }
                },
                (error: unknown) => setUploadError(isApiError(error) ? error.message : CORE_MESSAGES.genericAlert),
              );
            }}
          />
        </div>
      );
    default:
      return <TextField {...text} />;
  }
}
