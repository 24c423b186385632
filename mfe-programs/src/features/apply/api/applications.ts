import { apiGet, apiPost, apiPut } from '@sq/api-client';
import type {
  AnswerStep,
  BookRequest,
  BookResponse,
  DraftResponse,
  DupcheckResponse,
  JoinHistoryOneResponse,
  PaymentConfirmRequest,
  PaymentConfirmResponse,
  SaveStepResponse,
} from '@sq/contracts/api/applications';

/** GET /api/apply/{oddId}/dupcheck — the member's live application to this cohort, and whether it is open. */
export async function getDupcheck(oddId: number, signal?: AbortSignal) {
  return apiGet<DupcheckResponse>(`/apply/${oddId}/dupcheck`, undefined, { signal });
}

/** POST /api/apply/{oddId}/draft — starts the member's draft or resumes it (the server keeps every saved step). */
export async function openDraft(oddId: number, signal?: AbortSignal) {
  return (await apiPost<DraftResponse>(`/apply/${oddId}/draft`, {}, { signal })).draft;
}

/** PUT /api/apply/{oddId}/steps/{step} — saves one step's answers; the server checks order, eligibility and friends. */
export async function saveStep(oddId: number, step: AnswerStep, answers: unknown) {
  return (await apiPut<SaveStepResponse>(`/apply/${oddId}/steps/${step}`, answers)).draft;
}

/** POST /api/apply/{oddId}/book — consents; answers with the hosted card page to open. */
export async function book(oddId: number, request: BookRequest) {
  return apiPost<BookResponse>(`/apply/${oddId}/book`, request);
}

/** POST /api/apply/{oddId}/payment/confirm — what the PG's redirect brought back; the server re-reads it from the PG. */
export async function confirmPayment(oddId: number, request: PaymentConfirmRequest) {
  return apiPost<PaymentConfirmResponse>(`/apply/${oddId}/payment/confirm`, request);
}

/** POST /api/join/history/one {joinId} — one of the member's own applications (404 for anyone else's). */
export async function getApplication(joinId: number, signal?: AbortSignal) {
  return (await apiPost<JoinHistoryOneResponse>('/join/history/one', { joinId }, { signal })).application;
}
