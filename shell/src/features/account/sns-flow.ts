import type { OAuthExchangeResponse } from '@sq/contracts';
import { SNS_REDIRECT_PATH_KEY } from '../../shared/constants';
import { safeReturnPath } from './safe-return-path';

/** The social sign-up in progress: the ticket and the provider's prefill, kept for a reload of the form. */
export type SnsSignUpTicket = Extract<OAuthExchangeResponse, { result: 'signUp' }>;

const TICKET_KEY = 'sq.snsSignUp';

export function saveSnsTicket(ticket: SnsSignUpTicket): void {
  sessionStorage.setItem(TICKET_KEY, JSON.stringify(ticket));
}

export function readSnsTicket(): SnsSignUpTicket | null {
  try {
    const raw = sessionStorage.getItem(TICKET_KEY);
    const value = raw ? (JSON.parse(raw) as SnsSignUpTicket) : null;
    return value && typeof value.ticket === 'string' && value.prefill ? value : null;
  } catch {
    return null;
  }
}

export function clearSnsTicket(): void {
  sessionStorage.removeItem(TICKET_KEY);
}

/**
 * Spec section 3's snsRedirectPath: where to go once a social login or sign-up is done. Kept in localStorage
 * while the user is away at the provider; the route guard clears it outside the sign-up and oauth paths.
 */
export function rememberSnsRedirectPath(to: string): void {
  localStorage.setItem(SNS_REDIRECT_PATH_KEY, safeReturnPath(to));
}

export function snsRedirectPath(fallback: string | null = null): string {
  return safeReturnPath(localStorage.getItem(SNS_REDIRECT_PATH_KEY) ?? fallback);
}
