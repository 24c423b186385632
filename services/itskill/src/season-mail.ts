import type { Mail } from '@sq/service-kit';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail a subscriber gets when a new check-up season opens. */
export function seasonOpenMail(seasonTitle: string, userName: string, siteUrl: string): Omit<Mail, 'to'> {
  const link = `${siteUrl}/itskillcheckup`;
  return {
    subject: `[IT 스킬 체크업] 새 시즌이 열렸어요: ${seasonTitle}`,
    text: `${userName}님, 알림을 신청하신 IT 스킬 체크업의 새 시즌이 열렸어요.\n\n${seasonTitle}\n지금 참여하기: ${link}\n`,
    html: `<p>${escape(userName)}님, 알림을 신청하신 IT 스킬 체크업의 새 시즌이 열렸어요.</p><p><strong>${escape(seasonTitle)}</strong></p><p><a href="${escape(link)}">지금 참여하기</a></p>`,
  };
}
