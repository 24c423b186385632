import { useEffect, useState } from 'react';
import { isApiError } from '@sq/api-client';
import type { MyCheckin, MyTeamResponse } from '@sq/contracts/api/operators/sprint';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { OPERATOR_MESSAGES } from '@sq/contracts/messages/operators';
import { Button, Icon, seoulDay, seoulTime } from '@sq/ui';
import { checkIn } from '../../api/check-in';
import styles from './team.module.css';

/** setTimeout's longest delay; a later close is re-armed when the page is next rendered. */
const MAX_TIMER_MS = 2_147_483_647;

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Why no check-in is taken now (the server's `open` is false). */
function closedText(checkin: MyCheckin, schedule: MyTeamResponse['schedule']): string {
  if (checkin.day < schedule.startDate)
    return `체크인은 스프린트 첫날(${seoulDay(schedule.startDate)})부터 할 수 있어요.`;
  if (checkin.day > schedule.endDate) return '스프린트가 끝나 체크인이 마감되었어요.';
  if (Date.now() >= Date.parse(checkin.closesAt)) return OPERATOR_MESSAGES.sprintCheckinClosed;
  return OPERATOR_MESSAGES.sprintNotInProgress;
}

/**
 * The sprint's daily check-in: a button until 22:00 Korean time (the box closes itself at that instant), then
 * today's state; the streak and the misses; the drop after two consecutive misses, explained.
 */
export function CheckinBox({
  joinId,
  checkin: initial,
  dropped,
  schedule,
}: {
  joinId: number;
  checkin: MyCheckin;
  dropped: boolean;
  schedule: MyTeamResponse['schedule'];
}) {
  const [checkin, setCheckin] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The 22:00 close happens while the page is open too.
  useEffect(() => {
    if (!checkin.open) return;
    const left = Date.parse(checkin.closesAt) - Date.now();
    const timer = setTimeout(
      () => setCheckin((c) => ({ ...c, open: false })),
      Math.min(Math.max(left, 0), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [checkin.open, checkin.closesAt]);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await checkIn(joinId);
      // The streak ran up to yesterday; today's check-in adds one.
      setCheckin((c) => ({ ...c, checkedInAt: result.checkedAt, streak: c.checkedInAt ? c.streak : c.streak + 1 }));
    } catch (e) {
      setError(isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);
      if (isApiError(e) && e.status === 409) setCheckin((c) => ({ ...c, open: false }));
    } finally {
      setBusy(false);
    }
  };

  const missedYesterday = checkin.lastMiss === dayBefore(checkin.day) && !checkin.checkedInAt;
  return (
    <section className={styles.box} aria-labelledby="checkin-title" data-testid="checkin">
      <h3 id="checkin-title" className={styles.subtitle}>
        오늘의 체크인
      </h3>
      {dropped ? (
        <p className={styles.alert} data-testid="checkin-dropped">
          {OPERATOR_MESSAGES.sprintDroppedReason}
          {'\n'}체크인과 최종 제출에는 더 이상 참여할 수 없어요. 환불과 문의는 화면 오른쪽 아래 채팅 버튼으로 고객센터에
          남겨 주세요.
        </p>
      ) : checkin.checkedInAt ? (
        <p className={styles.done} data-testid="checkin-done">
          <Icon name="check" size={20} />
          오늘 체크인 완료 ({seoulTime(checkin.checkedInAt).slice(-5)})
        </p>
      ) : checkin.open ? (
        <div className={styles.actions}>
          <Button onClick={() => void submit()} disabled={busy} data-testid="checkin-button">
            {busy ? '체크인하는 중...' : '오늘 체크인하기'}
          </Button>
          <span className={styles.muted}>오늘 밤 10시에 마감돼요.</span>
        </div>
      ) : (
        <p className={styles.notice} data-testid="checkin-closed">
          {closedText(checkin, schedule)}
        </p>
      )}
      {!dropped && missedYesterday ? (
        <p className={styles.warning} data-testid="checkin-warning">
          어제 체크인을 놓쳤어요. {checkin.missesBeforeDrop}일 연속으로 놓치면 중도 하차 처리돼요.
        </p>
      ) : null}
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.stats}>
        <span className={styles.stat} data-testid="checkin-streak">
          연속 체크인<strong>{checkin.streak}일</strong>
        </span>
        <span className={styles.stat} data-testid="checkin-misses">
          누락<strong>{checkin.misses}회</strong>
        </span>
      </div>
      <p className={styles.muted}>
        체크인은 스프린트 기간 동안 매일 밤 10시에 마감되고, {checkin.missesBeforeDrop}일 연속으로 놓치면 중도 하차
        처리돼요.
      </p>
    </section>
  );
}
