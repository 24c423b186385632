import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Modal, formatDate } from '@sq/ui';
import { SHOW_PRIVACY_QUERY, SHOW_TERMS_QUERY } from '../../../shared/constants';
import { PRIVACY_POLICY, TERMS_OF_SERVICE, type LegalText } from '../texts';
import styles from './legal.module.css';

function LegalBody({ text }: { text: LegalText }) {
  return (
    <article className={styles.body}>
      <p className={styles.effective}>시행일: {formatDate(text.effectiveDate)}</p>
      {text.sections.map((section) => (
        <section key={section.heading}>
          <h3 className={styles.heading}>{section.heading}</h3>
          {section.paragraphs.map((p) => (
            <p key={p} className={styles.paragraph}>
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

/**
 * The terms and privacy modals. Their open state is the query (`showtos`, `showpp`), so footer links,
 * shared links and the back button all behave the same; closing removes the flag.
 */
export function LegalModals() {
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
      <Modal
        wide
        open={params.has(SHOW_TERMS_QUERY)}
        title={TERMS_OF_SERVICE.title}
        onClose={closeTerms}
        footer={<Button onClick={closeTerms}>닫기</Button>}
      >
        <LegalBody text={TERMS_OF_SERVICE} />
      </Modal>
      <Modal
        wide
        open={params.has(SHOW_PRIVACY_QUERY)}
        title={PRIVACY_POLICY.title}
        onClose={closePrivacy}
        footer={<Button onClick={closePrivacy}>닫기</Button>}
      >
        <LegalBody text={PRIVACY_POLICY} />
      </Modal>
    </>
  );
}

/** The query string that opens one of the modals on top of the current page. */
export function withLegalFlag(search: string, flag: typeof SHOW_TERMS_QUERY | typeof SHOW_PRIVACY_QUERY): string {
  const next = new URLSearchParams(search);
  next.set(flag, '');
  return `?${next.toString()}`;
}
