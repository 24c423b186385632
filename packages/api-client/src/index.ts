export { configureApiClient, isCancel, apiGet, apiPost, apiPut, apiDelete, apiUpload, type Query } from './client';
export { uploadImage } from './upload-image';
export { apiBaseUrl, signInUrl, type ApiClientConfig } from './config';
export { ApiError, isApiError, CLIENT_CODES } from './errors';
export { previewParam } from './preview';
export {
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  decodeClaims,
  isTokenValid,
  tokenStatus,
  type TokenStatus,
  getSession,
  getToken,
  setToken,
  setSession,
  clearSession,
  subscribe,
  type Session,
  type StoredUser,
  type TokenClaims,
} from './token-store';
