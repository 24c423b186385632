import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { isApiError, isCancel } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { IMAGE_UPLOAD } from '@sq/contracts/uploads';
import { Button, Icon, Spinner } from '@sq/ui';
import { uploadImage } from '../api/upload-image';
import { imageProblem } from '../onboarding';
import styles from './account.module.css';

interface Props {
  /** The image uploaded so far ('' for none). */
  imgUrl: string;
  onUploaded: (image: { imgId: string; imgUrl: string }) => void;
  onRemove: () => void;
  /** True while a file is on its way (the step's buttons wait). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Onboarding step 1: a profile image, optional. The chosen file shows at once (a local preview) and is uploaded
 * straight away; the server's Korean message appears under it when it refuses the file, and the image chosen
 * before (if any) stays.
 */
export function OnboardingImageStep({ imgUrl, onUploaded, onRemove, onBusyChange }: Props) {
  const inputId = useId();
  const messageId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  // The local preview is released when replaced or when the step goes away; so is a pending upload.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  useEffect(() => () => inFlight.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after an error.
    event.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setError(null);
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    onBusyChange(true);
    try {
      const uploaded = await uploadImage(file, controller.signal);
      onUploaded({ imgId: uploaded.imgId, imgUrl: uploaded.imgUrl });
      setPreview(null);
    } catch (e) {
      if (isCancel(e)) return;
      setPreview(null);
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setUploading(false);
        onBusyChange(false);
      }
    }
  };

  const shown = preview ?? (imgUrl || null);
  return (
    <>
      <h1 className={styles.heading}>프로필 이미지를 올려 주세요</h1>
      <div className={styles.imagePicker}>
        <div className={styles.imageFrame} data-testid="onboarding-image-preview">
          {shown ? (
            <img src={shown} alt="프로필 이미지 미리보기" width={120} height={120} />
          ) : (
            <Icon name="user" size={48} />
          )}
          {uploading ? (
            <div className={styles.imageBusy}>
              <Spinner />
            </div>
          ) : null}
        </div>
        <input
          id={inputId}
          className={styles.fileInput}
          type="file"
          name="image"
          accept={IMAGE_UPLOAD.types.join(',')}
          aria-label="프로필 이미지 선택"
          aria-describedby={messageId}
          aria-invalid={error ? true : undefined}
          disabled={uploading}
          onChange={(e) => void choose(e)}
        />
        <label htmlFor={inputId} className="sq-button sq-button--secondary" aria-hidden="true">
          {imgUrl ? '다른 이미지 선택' : '이미지 선택'}
        </label>
        {imgUrl && !uploading ? (
          <Button
            variant="text"
            onClick={() => {
              setError(null);
              onRemove();
            }}
          >
            이미지 지우기
          </Button>
        ) : null}
      </div>
      <div id={messageId} aria-live="polite">
        {uploading ? <p className={styles.hint}>이미지를 올리는 중이에요…</p> : null}
        {error ? (
          <p className={styles.error} role="alert" data-field-error>
            {error}
          </p>
        ) : (
          <p className={styles.hint}>PNG, JPG, WEBP 형식, 5MB 이하. 건너뛰어도 괜찮아요.</p>
        )}
      </div>
    </>
  );
}
