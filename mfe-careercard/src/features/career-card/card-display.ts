/**
 * Pure display rules of the career card page (no React, unit-tested).
 */

import { isValidCareerCardId } from '@sq/contracts/career-card-id';

/**
 * A career card ID as it may appear in the URL: the product's one rule (@sq/contracts). Anything else is the
 * error page without a request.
 */
export function isProfileId(value: string | undefined): value is string {
  return isValidCareerCardId(value);
}

/** The letter shown in the avatar when the card has no photo: the nickname's first character. */
export function initialOf(alias: string): string {
  return Array.from(alias.trim())[0]?.toUpperCase() ?? '?';
}

/**
 * A stable hue (0–359) for a card without a cover image, so each card keeps its own colour on every visit.
 */
export function coverHue(profileId: string): number {
  let hash = 0;
  for (const ch of profileId.toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  // Stay in the blue-to-violet-to-teal part of the wheel that sits well with the brand colour.
  const HUES = [200, 215, 230, 245, 260, 275, 170, 185];
  return HUES[hash % HUES.length] ?? 230;
}

/** "기획 · 서비스 기획": job group and position, either may be empty. */
export function roleLine(jobGroupName: string, positionName: string): string {
  return [jobGroupName, positionName].filter((s) => s.trim()).join(' · ');
}
