import { useEffect, useState } from 'react';
import { isApiError } from '@sq/api-client';
import type { ApplicantRole } from '@sq/contracts/api/application-states';
import type { RefundLine, RemovalReason, ReplacementCandidate } from '@sq/contracts/api/operators/team-changes';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { Button, Spinner, formatKrw } from '@sq/ui';
import { previewRemoval, removeMember } from '../api/removal';
import { acceptReplacement, useReplacements } from '../api/replacements';
import { careerText, personName, roleName } from '../../../shared/console/labels';
import { REMOVAL_REASONS } from '../refund-labels';
import { RefundDialog } from './RefundDialog';
import styles from '../../../shared/console/console.module.css';

function Replacements({
  teamId,
  role,
  onAccepted,
}: {
  teamId: number;
  role: ApplicantRole;
  onAccepted: (candidate: ReplacementCandidate) => void;
}) {
  const candidates = useReplacements(teamId, role);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (candidates.status === 'loading') return <Spinner boxed />;
  if (candidates.status === 'error')
    return (
      <p className={styles.formError}>
        {isApiError(candidates.error) ? candidates.error.message : CORE_MESSAGES.genericAlert}
      </p>
    );
  if (candidates.data.length === 0)
    return <p className={styles.muted}>같은 역할({roleName(role)})의 대기자가 없어요.</p>;
  const accept = async (candidate: ReplacementCandidate) => {
    setBusy(true);
    setError(null);
    try {
      await acceptReplacement(teamId, candidate.joinId);
      onAccepted(candidate);
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} data-testid="replacements">
      <h3 className={styles.legend}>대체 팀원 후보 ({roleName(role)}, 팀 평균 경력과 가까운 순)</h3>
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
      <ul className={styles.members}>
        {candidates.data.map((c) => (
          <li key={c.joinId} className={styles.member} data-testid="replacement" data-join-id={c.joinId}>
            <div className={styles.memberHead}>
              <span className={styles.memberName}>{personName(c)}</span>
              <span className={styles.muted}>
                경력 {careerText(c.careerMonths)} · 팀 평균과 {careerText(Math.round(c.distanceMonths))} 차이
              </span>
              <span className={styles.spacer} />
              <Button size="small" onClick={() => void accept(c)} disabled={busy}>
                이 팀원으로 교체
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Removing a member: the reason picks the refund case; the refund at this instant is previewed before the
 * operator confirms it; then the waitlist's members of the same role are proposed, best fit first.
 */
export function RemovalDialog({
  joinId,
  teamId,
  name,
  role,
  onClose,
  onChanged,
}: {
  joinId: number;
  teamId: number;
  name: string;
  role: ApplicantRole | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const [reason, setReason] = useState<RemovalReason>('LEFT');
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<RefundLine | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removed, setRemoved] = useState<RefundLine | null>(null);
  const [replacedBy, setReplacedBy] = useState<ReplacementCandidate | null>(null);

  useEffect(() => {
    let live = true;
    setPreview(null);
    setError(null);
    previewRemoval(joinId, reason).then(
      (line) => live && setPreview(line),
      (e: unknown) => live && setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert),
    );
    return () => {
      live = false;
    };
  }, [joinId, reason]);

  const remove = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      setRemoved(
        await removeMember(joinId, {
          reason,
          expectedRefundKrw: preview.refundKrw,
          ...(note.trim() ? { note: note.trim() } : {}),
        }),
      );
      onChanged();
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <RefundDialog
      title={`${name}님을 팀에서 제외할까요?`}
      testId="removal"
      error={error}
      done={removed !== null}
      confirmLabel={busy ? '제외하는 중...' : `제외하고 ${preview ? formatKrw(preview.refundKrw) : ''} 환불`}
      canConfirm={preview !== null && !busy}
      onConfirm={() => void remove()}
      onClose={onClose}
    >
      {removed ? (
        <>
          <p className={styles.notice} role="status" data-testid="removal-done">
            {name}님을 제외했어요. 환불 {formatKrw(removed.refundKrw)}.
          </p>
          {replacedBy ? (
            <p className={styles.notice} role="status" data-testid="replacement-done">
              {personName(replacedBy)}님이 합류해요. 결제가 끝나면 메일이 나가요.
            </p>
          ) : role ? (
            <Replacements
              teamId={teamId}
              role={role}
              onAccepted={(candidate) => {
                setReplacedBy(candidate);
                onChanged();
              }}
            />
          ) : null}
        </>
      ) : (
        <div className={styles.form}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>제외 사유</legend>
            {REMOVAL_REASONS.map((r) => (
              <label key={r.code} className={styles.memberHead}>
                <input
                  type="radio"
                  name="reason"
                  value={r.code}
                  checked={reason === r.code}
                  onChange={() => setReason(r.code)}
                />
                <span>{r.name}</span>
                <span className={styles.hint}>{r.hint}</span>
              </label>
            ))}
          </fieldset>
          {preview ? (
            <p data-testid="removal-preview">
              결제 {formatKrw(preview.paidKrw)}
              {preview.refundedKrw > 0 ? ` · 이미 환불 ${formatKrw(preview.refundedKrw)}` : ''} · 지금{' '}
              <strong className={styles.total}>{formatKrw(preview.refundKrw)}</strong> 환불
              {preview.phase ? ` (${preview.phase})` : ''}
              {preview.note ? ` · ${preview.note}` : ''}
            </p>
          ) : error ? null : (
            <Spinner />
          )}
          <label className={styles.field}>
            <span className={styles.label}>메모 (선택)</span>
            <input className={styles.input} value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
          </label>
        </div>
      )}
    </RefundDialog>
  );
}
