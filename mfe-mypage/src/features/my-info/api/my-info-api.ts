import { apiGet, apiPost } from '@sq/api-client';
import type {
  MemberPasswordForm,
  UpdateUserForm,
  UpdateUserResponse,
  UserDataResponse,
  WithdrawalForm,
} from '@sq/contracts';

/** The account calls of /mypage/info. */
export const getMe = (signal?: AbortSignal) => apiGet<UserDataResponse>('/meOauth', undefined, { signal });
export const updateUser = (body: UpdateUserForm) => apiPost<UpdateUserResponse>('/updateUser', body);
/** GET /open/isCheckId?id= (nickname): resolves when free, rejects with 이미 사용 중인 닉네임이에요. */
export const checkNickname = (id: string) => apiGet('/open/isCheckId', { id });
/** GET /open/check/contact-email?contactEmail=: resolves when free, rejects with 이미 사용 중인 수신용 이메일이에요. */
export const checkContactEmail = (contactEmail: string) => apiGet('/open/check/contact-email', { contactEmail });
export const changePassword = (body: MemberPasswordForm) => apiPost<{ message: string }>('/user/password', body);
/** POST /setWithdrawal/{id}: 409 with the reason while an application is live. */
export const withdraw = (userId: number, body: WithdrawalForm) =>
  apiPost<{ message: string }>(`/setWithdrawal/${userId}`, body);
