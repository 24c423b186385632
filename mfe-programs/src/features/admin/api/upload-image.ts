import { apiUpload } from '@sq/api-client';
import type { FileUploadResponse } from '@sq/contracts';
import { IMAGE_UPLOAD } from '@sq/contracts/uploads';

/** POST /api/fileUpload (multipart): a content image, checked by its bytes there like every upload; its imgUrl goes into the body. */
export function uploadImage(file: File): Promise<FileUploadResponse> {
  const form = new FormData();
  form.append(IMAGE_UPLOAD.field, file, file.name);
  return apiUpload<FileUploadResponse>('/fileUpload', form);
}
