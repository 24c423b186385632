import { apiUpload } from '@sq/api-client';
import type { FileUploadResponse } from '@sq/contracts';
import { IMAGE_UPLOAD } from '@sq/contracts/uploads';

/** POST /api/fileUpload (multipart): one image of the final submission; its imgUrl goes into `images`. */
export function uploadImage(file: File): Promise<FileUploadResponse> {
  const form = new FormData();
  form.append(IMAGE_UPLOAD.field, file, file.name);
  return apiUpload<FileUploadResponse>('/fileUpload', form);
}
