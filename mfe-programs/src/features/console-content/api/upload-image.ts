/** The one image upload (@sq/api-client): a content image, checked by its bytes there like every upload; its imgUrl goes into the body. */
export { uploadImage } from '@sq/api-client';
