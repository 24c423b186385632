/** The one image upload (@sq/api-client): one image of the final submission; its imgUrl goes into `images`. */
export { uploadImage } from '@sq/api-client';
