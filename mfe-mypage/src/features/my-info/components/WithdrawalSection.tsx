import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { clearSession, isApiError } from '@sq/api-client';
import { MESSAGES, WITHDRAWAL_REASONS, fieldMessages, withdrawalSchema } from '@sq/contracts';
import { Modal } from '@sq/ui';
import { withdraw } from '../api/my-info-api';
import { DELETED_AT_ONCE, RETAINED_BY_LAW } from '../my-info';
import styles from './my-info.module.css';

/**
 * Withdrawal: a reason, then a confirmation that says what is deleted now and what the law keeps. While an
 * application is live the service refuses and its reason is shown here.
 */
export function WithdrawalSection({ userId }: { userId: number }) {
  const [reasonCode, setReasonCode] = useState('');
  const [reasonText, setReasonText] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const body = { reasonCode, ...(reasonText.trim() ? { reasonText } : {}), agreed };

  function ask() {
    const local = fieldMessages(withdrawalSchema.safeParse({ ...body, agreed: true }));
    setErrors(local);
    if (Object.keys(local).length === 0) setOpen(true);
  }

  async function confirm() {
    const local = fieldMessages(withdrawalSchema.safeParse(body));
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const { message } = await withdraw(userId, { ...body, agreed: true });
      clearSession();
      window.alert(message);
      navigateToUrl('/');
    } catch (error) {
      setOpen(false);
      setErrors({ _: isApiError(error) ? error.message : MESSAGES.genericAlert });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className={styles.sectionTitle}>
        회원 탈퇴
      </h2>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="reasonCode">
          탈퇴 사유
        </label>
        <select
          id="reasonCode"
          className={styles.select}
          value={reasonCode}
          onChange={(e) => setReasonCode(e.target.value)}
        >
          <option value="">사유를 선택해 주세요</option>
          {WITHDRAWAL_REASONS.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </select>
        {errors.reasonCode ? (
          <p className={styles.error} role="alert">
            {errors.reasonCode}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="reasonText">
          더 하고 싶은 말 (선택)
        </label>
        <textarea
          id="reasonText"
          className={styles.textarea}
          value={reasonText}
          onChange={(e) => setReasonText(e.target.value)}
        />
        {errors.reasonText ? (
          <p className={styles.error} role="alert">
            {errors.reasonText}
          </p>
        ) : null}
      </div>
      {errors._ ? (
        <p className={styles.alert} role="alert" data-testid="withdraw-refused">
          {errors._}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button
          type="button"
          className={`sq-button sq-button--secondary ${styles.danger}`}
          onClick={ask}
          data-testid="withdraw"
        >
          탈퇴하기
        </button>
      </div>
      <Modal
        open={open}
        title="정말 탈퇴할까요?"
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" className="sq-button sq-button--secondary" onClick={() => setOpen(false)}>
              취소
            </button>
            <button
              type="button"
              className="sq-button sq-button--primary"
              disabled={!agreed || busy}
              onClick={() => void confirm()}
              data-testid="withdraw-confirm"
            >
              탈퇴
            </button>
          </>
        }
      >
        <div className={styles.notice}>
          <p>
            탈퇴하면 바로 로그아웃되고 다시 로그인할 수 없어요. 닉네임과 커리어 카드 ID는 다른 사람이 쓸 수 없도록 남겨
            둬요.
          </p>
          <p>
            <strong>바로 삭제되는 정보</strong>
          </p>
          <ul>
            {DELETED_AT_ONCE.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>
            <strong>법에 따라 보관되는 정보</strong>
          </p>
          <ul>
            {RETAINED_BY_LAW.map((item) => (
              <li key={item.what}>
                {item.what}: {item.period}
              </li>
            ))}
          </ul>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              data-testid="withdraw-agree"
            />
            위 내용을 확인했고 탈퇴에 동의해요
          </label>
          {errors.agreed ? (
            <p className={styles.error} role="alert">
              {errors.agreed}
            </p>
          ) : null}
        </div>
      </Modal>
    </section>
  );
}
