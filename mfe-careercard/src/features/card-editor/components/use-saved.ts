import { useEffect, useState } from 'react';
import { MESSAGES } from '@sq/contracts';

/** The editor's "저장되었어요." notice: shown after a save, gone after 1 s (spec section 9). */
export function useSaved() {
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(null), 1_000);
    return () => clearTimeout(timer);
  }, [saved]);
  return [saved, () => setSaved(MESSAGES.profileSaved)] as const;
}
