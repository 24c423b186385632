import type { FastifyInstance } from 'fastify';
import { createWebhookSubscriptionRepository } from '../repositories/webhook-subscription-repository';
import type { AccountContacts } from '../clients/account-contacts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The mail to the owner of a subscription turned off for failing (the `webhook-disabled-mail` job, sent in the
 * transaction that turned it off): which endpoint, why, and how to turn it on again. Nothing when the subscription
 * was deleted or turned on again since, or the owner has withdrawn.
 */
export async function disabledMail(app: FastifyInstance, contacts: AccountContacts, webhookId: number): Promise<void> {
  const row = await createWebhookSubscriptionRepository(app.knex).byId(webhookId);
  if (!row || row.enabled) return;
  const to = await contacts.emailOf(row.user_id);
  if (!to) return;
  const failures = Number(row.consecutive_failures);
  const lines = [
    `웹훅 주소 ${row.url} 로 보낸 전송이 ${failures}건 연속으로 모두 실패해 이 웹훅 구독(번호 ${webhookId})을 사용 중지했어요.`,
    '중지된 동안 생긴 이벤트는 쌓여 있다가, 다시 켜면 이어서 전송돼요.',
    `받는 서버를 고친 뒤 POST ${app.programsConfig.siteUrl}/api/webhooks/${webhookId}/enable 로 다시 켜 주세요. 전송 기록은 GET /api/webhooks/${webhookId}/deliveries 에서 볼 수 있어요.`,
    `안내: ${app.programsConfig.siteUrl}/developers#webhooks`,
  ];
  await app.mailer.send({
    to,
    subject: '[웹훅] 전송이 계속 실패해 웹훅 구독을 중지했어요',
    text: lines.join('\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
  });
}
