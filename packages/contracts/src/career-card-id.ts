/**
 * The one career card ID rule of the product (spec section 5: letters and digits, at least 2), with no
 * dependency, so the public card page can check an ID without loading the form schemas. Sign-up's
 * `careerCardId` field (forms/fields.ts), the careercard service, the mfe-careercard screens and the gateway's
 * link previews all use it; the careercard table's CHECK constraint repeats the pattern.
 *
 * IDs that would collide with a route are reserved: anything containing 'admin' (the route guard sends every
 * such path to the operators' pages) and the fixed children of /careercard.
 */
export const RESERVED_CAREER_CARD_IDS = [
  'onboarding',
  'project',
  'edit',
  'error',
  'findmyprofile',
  'new',
  'me',
  'api',
] as const;
export const CAREER_CARD_ID_PATTERN = /^[A-Za-z0-9]{2,20}$/;

export function isReservedCareerCardId(id: string): boolean {
  const lower = id.toLowerCase();
  return lower.includes('admin') || (RESERVED_CAREER_CARD_IDS as readonly string[]).includes(lower);
}

/** Letters and digits, 2 to 20 characters, never reserved. The careercard service stores it as the card's URL. */
export function isValidCareerCardId(id: unknown): id is string {
  return typeof id === 'string' && CAREER_CARD_ID_PATTERN.test(id) && !isReservedCareerCardId(id);
}
