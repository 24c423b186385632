import { SHOW_PRIVACY_QUERY, SHOW_TERMS_QUERY } from '../../shared/constants';

/** The query string that opens one of the modals on top of the current page. */
export function withLegalFlag(search: string, flag: typeof SHOW_TERMS_QUERY | typeof SHOW_PRIVACY_QUERY): string {
  const next = new URLSearchParams(search);
  next.set(flag, '');
  return `?${next.toString()}`;
}

export function hasLegalFlag(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has(SHOW_TERMS_QUERY) || params.has(SHOW_PRIVACY_QUERY);
}
