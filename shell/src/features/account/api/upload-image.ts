import { apiUpload } from '@sq/api-client';
import type { FileUploadResponse } from '@sq/contracts';
import { IMAGE_UPLOAD } from '@sq/contracts/uploads';

/** POST /api/fileUpload (multipart): one profile image; the answer's imgId goes into POST /api/user/detail. */
export function uploadImage(file: File, signal?: AbortSignal): Promise<FileUploadResponse> {
  const form = new FormData();
  form.append(IMAGE_UPLOAD.field, file, file.name);
  return apiUpload<FileUploadResponse>('/fileUpload', form, signal ? { signal } : undefined);
}
