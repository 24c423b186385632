/**
 * Image uploads (POST /api/fileUpload): what the careercard service accepts, and what the screens check
 * before sending (the service checks the file's bytes, not only its declared type).
 */
export const IMAGE_UPLOAD = {
  /** 5 MB. */
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'],
  /** The multipart field the file travels in. */
  field: 'file',
} as const;

export type ImageContentType = (typeof IMAGE_UPLOAD.types)[number];

/** The public path of an uploaded image. */
export function uploadUrl(imgId: string): string {
  return `/media/uploads/${imgId}`;
}
