import { Icon } from '@sq/ui';
import styles from './layout.module.css';

/** The floating chat-channel button; its link is configuration (site settings). */
export function ChatButton({ url }: { url: string | undefined }) {
  if (!url) return null;
  return (
    <a className={styles.chat} href={url} target="_blank" rel="noopener noreferrer" aria-label="채팅 상담 열기">
      <Icon name="chat" size={26} />
    </a>
  );
}
