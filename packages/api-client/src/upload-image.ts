import type { FileUploadResponse } from '@sq/contracts';
import { IMAGE_UPLOAD } from '@sq/contracts/uploads';
import { apiUpload } from './client';

/**
 * POST /api/fileUpload (multipart): one image in the contract's field. The answer's imgId is what a career card or
 * a profile keeps; its imgUrl is what a submission or a content body shows. The server checks the image by its bytes.
 */
export function uploadImage(file: File, signal?: AbortSignal): Promise<FileUploadResponse> {
  const form = new FormData();
  form.append(IMAGE_UPLOAD.field, file, file.name);
  return apiUpload<FileUploadResponse>('/fileUpload', form, signal ? { signal } : undefined);
}
