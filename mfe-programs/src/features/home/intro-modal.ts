import type { ProductSummary } from '@sq/contracts';

/** Spec section 3's locally persisted flags of the apply-prompt modal. */
export const INTRO_MODAL_KEY = 'introModal';
export const INTRO_MODAL_CLOSED_KEY = 'introModalClosed';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * What the prompt is about: the cohorts recruiting now ("112,304"), or null when nothing is open. `introModal`
 * keeps the key last shown, `introModalClosed` says that prompt was dismissed: the modal appears once per
 * set of open cohorts, and again only when another cohort opens.
 */
export function promptKey(programs: readonly Pick<ProductSummary, 'cohorts'>[] | null): string | null {
  const open = (programs ?? []).flatMap((p) => p.cohorts.filter((c) => c.recruiting).map((c) => c.oddId));
  return open.length ? [...open].sort((a, b) => a - b).join(',') : null;
}

function read(storage: FlagStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function shouldShowPrompt(key: string | null, storage: FlagStorage): boolean {
  if (key === null) return false;
  return !(read(storage, INTRO_MODAL_CLOSED_KEY) === 'true' && read(storage, INTRO_MODAL_KEY) === key);
}

/** The prompt is on screen: remember what it shows (a new set of open cohorts resets the dismissal). */
export function markPromptShown(key: string, storage: FlagStorage): void {
  try {
    if (storage.getItem(INTRO_MODAL_KEY) !== key) storage.removeItem(INTRO_MODAL_CLOSED_KEY);
    storage.setItem(INTRO_MODAL_KEY, key);
  } catch {
    // Storage can be unavailable (private mode); the prompt then simply shows on each visit.
  }
}

/** Closed by X, backdrop, Escape, "닫기" or by following its link: not again for these cohorts. */
export function markPromptClosed(key: string, storage: FlagStorage): void {
  try {
    storage.setItem(INTRO_MODAL_KEY, key);
    storage.setItem(INTRO_MODAL_CLOSED_KEY, 'true');
  } catch {
    // See markPromptShown.
  }
}
