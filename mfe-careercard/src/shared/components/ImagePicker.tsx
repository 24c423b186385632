import { useState } from 'react';
import { IMAGE_UPLOAD, MESSAGES } from '@sq/contracts';
import { uploadImage } from '../card-api';
import { failure } from '../errors';
import styles from './forms.module.css';

/**
 * Picks one image and uploads it at once (multipart POST /fileUpload); `onUploaded` gets its imgId. The type
 * and size are checked here first so a wrong file never travels (the service checks the bytes again).
 */
export function ImagePicker({
  id,
  label,
  imgUrl,
  onUploaded,
  onRemove,
}: {
  id: string;
  label: string;
  imgUrl: string | null;
  onUploaded: (upload: { imgId: string; imgUrl: string }) => void | Promise<void>;
  onRemove?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!(IMAGE_UPLOAD.types as readonly string[]).includes(file.type)) return setError(MESSAGES.uploadTypeInvalid);
    if (file.size > IMAGE_UPLOAD.maxBytes) return setError(MESSAGES.uploadTooLarge);
    setBusy(true);
    try {
      await onUploaded(await uploadImage(file));
    } catch (caught) {
      setError(failure(caught).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.imagePicker}>
        {imgUrl ? (
          <img className={styles.preview} src={imgUrl} alt={`${label} 미리보기`} data-testid={`${id}-preview`} />
        ) : (
          <div className={styles.preview} aria-hidden="true" />
        )}
        <input
          id={id}
          className={styles.fileInput}
          type="file"
          accept={IMAGE_UPLOAD.types.join(',')}
          disabled={busy}
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {imgUrl && onRemove ? (
          <button type="button" className="sq-button sq-button--text sq-button--small" onClick={onRemove}>
            이미지 빼기
          </button>
        ) : null}
      </div>
      <p className={styles.hint}>PNG, JPG, WEBP · 5MB 이하</p>
      {busy ? (
        <p className={styles.hint} role="status">
          올리는 중…
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
