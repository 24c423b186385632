import styles from './layout.module.css';

/** The floating chat-channel button; its link is configuration (site settings). */
export function ChatButton({ url }: { url: string | undefined }) {
  if (!url) return null;
  return (
    <a className={styles.chat} href={url} target="_blank" rel="noopener noreferrer" aria-label="채팅 상담 열기">
      <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M12 3C6.5 3 2 6.6 2 11c0 2.5 1.4 4.7 3.7 6.2L5 21l4-2.2c1 .2 2 .3 3 .3 5.5 0 10-3.6 10-8S17.5 3 12 3z" />
      </svg>
    </a>
  );
}
