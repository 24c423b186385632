import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Spinner } from '@sq/ui';
import { OVERLAY_FADE_MS } from '../../shared/constants';
import { appReadyAtom } from '../../shared/state/ready';
import styles from './layout.module.css';

/** Shown while the app is not ready; fades out over 300 ms once it is switched off. */
export function LoadingOverlay({ forced = false }: { forced?: boolean }) {
  const ready = useAtomValue(appReadyAtom);
  const visible = forced || !ready;
  const [rendered, setRendered] = useState(visible);

  useEffect(() => {
    if (visible) {
      setRendered(true);
      return;
    }
    const timer = setTimeout(() => setRendered(false), OVERLAY_FADE_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!rendered) return null;
  return (
    <div
      className={styles.overlay}
      data-testid="loading-overlay"
      aria-hidden={!visible}
      style={{ opacity: visible ? 1 : 0, transition: `opacity ${OVERLAY_FADE_MS}ms ease` }}
    >
      <Spinner />
    </div>
  );
}
