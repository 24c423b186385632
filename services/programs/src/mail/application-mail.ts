import type { FastifyInstance } from 'fastify';
import { formatDate, formatKrw } from '@sq/contracts/format';
import { ROLE_NAMES, type ApplicationAnswers } from '@sq/contracts/api/applications';
import type { Row } from '@sq/service-kit';
import { loadContext } from '../repositories/application-lifecycle-repository';
import type { MailKind } from '../core/deps';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Subject and lines of each mail, in the site's voice. */
function compose(kind: MailKind, row: Row, amountKrw: number, siteUrl: string): { subject: string; lines: string[] } {
  const program = `${row.product_name} · ${row.cohort_name}`;
  const role = row.role ? ` (${ROLE_NAMES[row.role as keyof typeof ROLE_NAMES]})` : '';
  const detail = `${siteUrl}/mypage/history/${row.join_id}`;
  const fee = formatKrw(amountKrw || (row.fee_krw ?? row.product_fee_krw));
  switch (kind) {
    case 'RESERVED':
      return {
        subject: `[${row.product_name}] 지원이 접수되고 참가비 결제가 예약되었어요`,
        lines: [
          `${program}${role} 지원이 접수되었어요.`,
          `참가비 ${fee}은 아직 결제되지 않았어요. 팀 빌딩 결과 발표일(${row.team_building_announce_date ? formatDate(row.team_building_announce_date) : '-'})에 팀이 확정되면 결제돼요.`,
          `팀이 구성되지 않으면 예약은 자동으로 취소돼요.`,
          `지원 내역: ${detail}`,
        ],
      };
    case 'PAID':
      return {
        subject: `[${row.product_name}] 지원과 결제가 완료되었어요`,
        lines: [`${program}${role} 지원이 접수되고 참가비 ${fee}이 결제되었어요.`, `지원 내역: ${detail}`],
      };
    case 'CHARGED':
      return {
        subject: `[${row.product_name}] 팀이 확정되어 참가비가 결제되었어요`,
        lines: [`${program}${role} 팀이 확정되어 예약된 참가비 ${fee}이 결제되었어요.`, `지원 내역: ${detail}`],
      };
    case 'PAYMENT_FAILED':
      return {
        subject: `[${row.product_name}] 참가비 결제에 실패했어요`,
        lines: [
          `${program} 참가비 결제에 실패했어요. 작성한 지원서는 그대로 남아 있어요.`,
          `지원 내역에서 다시 결제해 주세요: ${detail}`,
        ],
      };
    case 'CANCELLED':
      return {
        subject: `[${row.product_name}] 지원이 취소되었어요`,
        lines: [
          `${program} 지원이 취소되었어요.`,
          row.billing_key ? '예약된 참가비 결제도 함께 취소되었어요.' : '',
          `지원 내역: ${detail}`,
        ].filter(Boolean),
      };
    case 'AUTO_CANCELLED':
      return {
        subject: `[${row.product_name}] 팀이 구성되지 않아 지원이 자동 취소되었어요`,
        lines: [
          `${program} 팀 빌딩에서 팀이 구성되지 않아 지원이 자동으로 취소되었어요.`,
          '예약된 참가비는 결제되지 않았어요.',
          `지원 내역: ${detail}`,
        ],
      };
    case 'NOT_CHARGED_ENDED':
      return {
        subject: `[${row.product_name}] 팀 활동이 끝나 지원이 취소되었어요`,
        lines: [
          `${program} 팀 활동이 중단되었거나 기수가 종료되어 지원이 취소되었어요.`,
          '참가비는 결제되지 않았고, 예약된 결제 카드도 해지돼요.',
          `지원 내역: ${detail}`,
        ],
      };
    case 'REFUNDED':
      return {
        subject: `[${row.product_name}] 참가비 ${formatKrw(amountKrw)}이 환불되었어요`,
        lines: [
          `${program} 참가비 중 ${formatKrw(amountKrw)}을 환불했어요. 카드사에 따라 환불 반영까지 3~7영업일이 걸릴 수 있어요.`,
          `지원 내역: ${detail}`,
        ],
      };
  }
}

/** The application-mail job: writes to the contact e-mail the member gave at the required step. */
export function applicationMailHandler(app: FastifyInstance, siteUrl: string) {
  return async (data: Record<string, unknown>) => {
    const row = await loadContext(app.knex, Number(data.joinId));
    const to = ((row?.answers ?? {}) as ApplicationAnswers).required?.contactEmail;
    if (!row || !to) return;
    const { subject, lines } = compose(data.kind as MailKind, row, Number(data.amountKrw ?? 0), siteUrl);
    await app.mailer.send({
      to,
      subject,
      text: lines.join('\n'),
      html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
    });
  };
}
