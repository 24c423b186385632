import { useEffect, useState } from 'react';
import { CAREER_CARD_MESSAGES } from '@sq/contracts/messages/career-card';
import { SHARE_TOOLTIP_MS } from '@sq/ui';
import styles from './career-card.module.css';

/** Copies the card's public link; a tooltip says so for two seconds. */
export function ShareButton({ path }: { path: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), SHARE_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    const url = `${window.location.origin}${path}`;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Older browsers and insecure origins: the selection way.
      const area = document.createElement('textarea');
      area.value = url;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
  }

  return (
    <span className={styles.shareWrap}>
      <button
        type="button"
        className="sq-button sq-button--secondary sq-button--small"
        onClick={() => void copy()}
        data-testid="careercard-share"
      >
        링크 복사
      </button>
      {copied ? (
        <span className={styles.tooltip} role="status" data-testid="share-tooltip">
          {CAREER_CARD_MESSAGES.linkCopied}
        </span>
      ) : null}
    </span>
  );
}
