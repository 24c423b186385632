import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import type { ProductDetail } from '@sq/contracts';
import { bookRequestSchema, type ApplicationDraft, type BookRequest } from '@sq/contracts/api/applications';
import { fieldMessages } from '@sq/contracts/forms';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { DESKTOP_MIN_WIDTH } from '../flows';
import { StepForm } from './StepForm';
import { CheckField } from '../../../shared/Field';
import { RefundRules } from '../../../shared/RefundRules';
import styles from './apply.module.css';

type Consents = { agreeTerms: boolean; agreePrivacy: boolean; agreeRefundPolicy: boolean };

/** Desktop or mobile return: below 1200 px the PG sends the member back through the spec's mobile callback. */
export function deviceOf(width: number): 'desktop' | 'mobile' {
  return width >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile';
}

/**
 * book: the order summary (program, cohort, role, fee, when it is charged), the refund schedule from the
 * stored rules, the consents, then the hosted card page of the PG (same tab; it comes back to the site).
 */
export function BookStep({
  draft,
  product,
  pay,
  onBack,
}: {
  draft: ApplicationDraft;
  product: ProductDetail;
  /** Starts the payment; resolves with the card page to open. */
  pay: (request: BookRequest) => Promise<string>;
  onBack: (() => void) | null;
}) {
  const order = draft.order;
  const [consents, setConsents] = useState<Consents>({
    agreeTerms: false,
    agreePrivacy: false,
    agreeRefundPolicy: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(
    draft.lastFailure ? `지난 결제가 완료되지 않았어요: ${draft.lastFailure.message}` : null,
  );
  const [busy, setBusy] = useState(false);
  const all = consents.agreeTerms && consents.agreePrivacy && consents.agreeRefundPolicy;

  const toggle = (name: keyof Consents, value: boolean) => {
    setConsents((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => k !== name)));
  };

  const submit = async () => {
    setFormError(null);
    const request = { ...consents, device: deviceOf(window.innerWidth) };
    const parsed = bookRequestSchema.safeParse(request);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed));
      return;
    }
    setBusy(true);
    try {
      const url = await pay(parsed.data);
      window.location.assign(url);
    } catch (error) {
      setErrors(isApiError(error) ? (error.fields ?? {}) : {});
      setFormError(isApiError(error) ? error.message : MESSAGES.genericAlert);
      setBusy(false);
    }
  };

  return (
    <StepForm
      onSubmit={submit}
      formError={formError}
      busy={busy}
      onBack={onBack}
      busyLabel="결제 페이지로 이동 중..."
      submitLabel={
        order.chargePolicy === 'ON_TEAM_PUBLISH' ? `${order.feeText} 결제 예약하기` : `${order.feeText} 결제하기`
      }
    >
      <section className={styles.section} aria-labelledby="order-title">
        <h2 id="order-title" className={styles.sectionTitle}>
          주문 내용
        </h2>
        <dl className={styles.summary} data-testid="order-summary">
          <div className={styles.summaryRow}>
            <dt>프로그램</dt>
            <dd>{order.productName}</dd>
          </div>
          <div className={styles.summaryRow}>
            <dt>기수</dt>
            <dd>{order.cohortName}</dd>
          </div>
          {order.roleName ? (
            <div className={styles.summaryRow}>
              <dt>지원 직군</dt>
              <dd>{order.roleName}</dd>
            </div>
          ) : null}
          <div className={styles.summaryRow}>
            <dt>참가비</dt>
            <dd data-testid="order-fee">{order.feeText}</dd>
          </div>
          <div className={styles.summaryRow}>
            <dt>결제 시점</dt>
            <dd data-testid="charge-when">{order.chargeWhen}</dd>
          </div>
        </dl>
        <p className={styles.notice}>
          {order.chargePolicy === 'ON_TEAM_PUBLISH'
            ? '지금은 카드만 등록하고 결제를 예약해요. 팀이 확정되면 결제되고, 팀이 만들어지지 않으면 예약은 자동으로 취소돼요.'
            : '카드를 등록하면 바로 결제돼요.'}
        </p>
      </section>

      <section className={styles.section} aria-labelledby="refund-title">
        <h2 id="refund-title" className={styles.sectionTitle}>
          환불 규정
        </h2>
        <RefundRules rules={product.refundRules} feeKrw={order.feeKrw} schedule={order.refundSchedule} />
      </section>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>약관 동의</legend>
        <CheckField
          label="전체 동의"
          name="agreeAll"
          checked={all}
          onChange={(e) => {
            const on = e.target.checked;
            setConsents({ agreeTerms: on, agreePrivacy: on, agreeRefundPolicy: on });
            setErrors({});
          }}
        />
        <CheckField
          label="(필수) 서비스 이용약관에 동의해요"
          name="agreeTerms"
          checked={consents.agreeTerms}
          onChange={(e) => toggle('agreeTerms', e.target.checked)}
          error={errors.agreeTerms}
        />
        <CheckField
          label="(필수) 개인정보 수집 및 이용에 동의해요"
          name="agreePrivacy"
          checked={consents.agreePrivacy}
          onChange={(e) => toggle('agreePrivacy', e.target.checked)}
          error={errors.agreePrivacy}
        />
        <CheckField
          label="(필수) 위 환불 규정을 확인했어요"
          name="agreeRefundPolicy"
          checked={consents.agreeRefundPolicy}
          onChange={(e) => toggle('agreeRefundPolicy', e.target.checked)}
          error={errors.agreeRefundPolicy}
        />
      </fieldset>
    </StepForm>
  );
}
