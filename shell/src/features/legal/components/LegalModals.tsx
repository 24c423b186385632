import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LegalKind } from '@sq/contracts';
import { Button, ErrorFallback, Modal, Spinner, formatDate } from '@sq/ui';
import { SHOW_PRIVACY_QUERY, SHOW_TERMS_QUERY } from '../../../shared/constants';
import { useLegalDocument } from '../api/get-legal-document';
import styles from './legal.module.css';

const TITLES: Record<LegalKind, string> = { terms: '이용약관', privacy: '개인정보처리방침' };

function LegalModal({ kind, onClose }: { kind: LegalKind; onClose: () => void }) {
  const document = useLegalDocument(kind);
  return (
    <Modal
      wide
      open
      title={document.data?.title ?? TITLES[kind]}
      onClose={onClose}
      footer={<Button onClick={onClose}>닫기</Button>}
    >
      {document.status === 'loading' && <Spinner />}
      {document.status === 'error' && <ErrorFallback onRetry={document.reload} />}
      {document.status === 'success' && (
        <article className={styles.body}>
          <p className={styles.effective}>시행일: {formatDate(document.data.effectiveDate)}</p>
          {document.data.sections.map((section) => (
            <section key={section.heading}>
              <h3 className={styles.heading}>{section.heading}</h3>
              {section.paragraphs.map((p) => (
                <p key={p} className={styles.paragraph}>
                  {p}
                </p>
              ))}
              {section.notice && <p className={styles.paragraph}>{section.notice}</p>}
            </section>
          ))}
        </article>
      )}
    </Modal>
  );
}

/**
 * The terms and privacy modals. Their open state is the query (`showtos`, `showpp`), so footer links,
 * shared links and the back button all behave the same; closing removes the flag. The texts come from the
 * content service, which renders the refund schedule from the programs data (one source).
 */
export default function LegalModals() {
  const [params, setParams] = useSearchParams();
  const close = useCallback(
    (flag: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(flag);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const closeTerms = useCallback(() => close(SHOW_TERMS_QUERY), [close]);
  const closePrivacy = useCallback(() => close(SHOW_PRIVACY_QUERY), [close]);
  return (
    <>
      {params.has(SHOW_TERMS_QUERY) && <LegalModal kind="terms" onClose={closeTerms} />}
      {params.has(SHOW_PRIVACY_QUERY) && <LegalModal kind="privacy" onClose={closePrivacy} />}
    </>
  );
}
