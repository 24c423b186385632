/**
 * Image upload (POST /api/fileUpload): every screen that uploads an image and the services that check it.
 * Part of the Korean message catalogue (../messages.ts): texts match the spec character for character.
 */
export const UPLOAD_MESSAGES = {
  // Image upload (POST /api/fileUpload).
  uploadFileRequired: '올릴 이미지를 선택해 주세요.',
  uploadTypeInvalid: 'PNG, JPG, WEBP 형식의 이미지만 올릴 수 있어요.',
  uploadTooLarge: '이미지는 5MB 이하로 올려 주세요.',
} as const;
