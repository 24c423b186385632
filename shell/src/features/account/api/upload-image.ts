/** The one image upload (@sq/api-client): one profile image; the answer's imgId goes into POST /api/user/detail. */
export { uploadImage } from '@sq/api-client';
