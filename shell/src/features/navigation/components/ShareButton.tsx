import { useEffect, useRef, useState } from 'react';
import { Icon } from '@sq/ui';
import { SHARE_TOOLTIP_MS } from '../../../shared/constants';
import styles from './share.module.css';

async function copy(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older in-app browsers have no async clipboard API.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** Copies the page link (location.href) and confirms with a tooltip for 2 s. */
export function ShareButton() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    try {
      await copy(window.location.href);
    } catch {
      // No clipboard access (permission denied): no tooltip, since nothing was copied.
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), SHARE_TOOLTIP_MS);
  };

  return (
    <span className={styles.wrap}>
      <button type="button" className={styles.button} onClick={onClick} aria-label="링크 공유하기">
        <Icon name="share" size={20} />
      </button>
      {copied ? (
        <span role="status" className={styles.tooltip}>
          링크가 복사되었어요
        </span>
      ) : null}
    </span>
  );
}
