import { apiDelete, apiGet, apiPost } from '@sq/api-client';
import type {
  ConsumerUsageResponse,
  CreatePersonalTokenForm,
  PersonalTokenCreatedResponse,
  PersonalTokenListResponse,
} from '@sq/contracts/api-consumers';

/** The calls of /mypage/tokens: the account service keeps the tokens, the gateway counts their use. */
export const getTokens = (signal?: AbortSignal) => apiGet<PersonalTokenListResponse>('/tokens', undefined, { signal });
export const getUsage = (signal?: AbortSignal) => apiGet<ConsumerUsageResponse>('/tokens/usage', undefined, { signal });
export const createToken = (body: CreatePersonalTokenForm) => apiPost<PersonalTokenCreatedResponse>('/tokens', body);
export const revokeToken = (tokenId: number) => apiDelete<{ ErrorCode: '00' }>(`/tokens/${tokenId}`);
