import { createHash } from 'node:crypto';
import { PARTNER_MESSAGES, SCOPE_LABELS, isConsumerScope } from '@sq/contracts';

/**
 * The authorization server's pages, server-rendered in Korean by the account service (no bundle, no script): the
 * sign-in form, the consent screen listing the scopes in the words of SCOPE_LABELS, and the error page. Colours
 * are the site's design tokens (packages/ui tokens.css), copied as values since no stylesheet of the site is
 * served under /oauth2.
 */
const STYLE = [
  'body{margin:0;background:#f6f7f9;color:#1b1d22;font-family:Pretendard,"Apple SD Gothic Neo","Noto Sans KR",sans-serif;line-height:1.5}',
  'main{max-width:420px;margin:48px auto;padding:32px 28px;background:#fff;border:1px solid #e3e6ec;border-radius:12px}',
  'h1{font-size:22px;margin:0 0 16px}p{color:#5b6270}ul{padding-left:20px}li{margin:6px 0}',
  'label{display:block;margin:12px 0 4px;font-weight:600}input{box-sizing:border-box;width:100%;padding:10px 12px;border:1px solid #878e9c;border-radius:8px;font-size:16px}',
  'button{width:100%;margin-top:16px;padding:12px;border:0;border-radius:8px;background:#3a5bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer}',
  'button.secondary{background:#fff;color:#1b1d22;border:1px solid #878e9c}.error{color:#c9262c;background:#fdecec;padding:10px 12px;border-radius:8px}',
].join('');

/**
 * The pages' Content-Security-Policy: no script at all, this one style block. Forms post to the server itself, but
 * its answer redirects on to the app's registered redirect URI and browsers hold those redirects to form-action too.
 */
export const PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self' https: http:; frame-ancestors 'none'; base-uri 'none'`;

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const layout = (title: string, body: string) =>
  `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

export function signInPage(options: { action: string; appName: string; email?: string; error?: string }): string {
  return layout(
    PARTNER_MESSAGES.consentSignInTitle,
    `<h1>${PARTNER_MESSAGES.consentSignInTitle}</h1>
<p><strong>${escape(options.appName)}</strong> 앱이 회원님의 계정에 연결하려고 해요. 먼저 로그인해 주세요.</p>
${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
<form method="post" action="${escape(options.action)}">
<label for="email">이메일</label><input id="email" name="email" type="email" autocomplete="username" required value="${escape(options.email ?? '')}">
<label for="password">비밀번호</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">로그인</button></form>`,
  );
}

export function consentPage(options: { confirm: string; abort: string; appName: string; scopes: string[] }): string {
  const items = options.scopes
    .filter(isConsumerScope)
    .map((scope) => `<li>${escape(SCOPE_LABELS[scope])}</li>`)
    .join('');
  return layout(
    PARTNER_MESSAGES.consentTitle,
    `<h1>${PARTNER_MESSAGES.consentTitle}</h1>
<p><strong>${escape(options.appName)}</strong> 앱이 회원님을 대신해 다음 일을 하려고 해요.</p>
<ul>${items}</ul>
<p>동의한 뒤에도 마이페이지 &gt; 연결된 앱에서 언제든 연결을 끊을 수 있어요.</p>
<form method="post" action="${escape(options.confirm)}"><button type="submit">동의하고 연결하기</button></form>
<form method="post" action="${escape(options.abort)}"><button type="submit" class="secondary">취소</button></form>`,
  );
}

export function errorPage(detail?: string): string {
  return layout(
    PARTNER_MESSAGES.oauthError,
    `<h1>${PARTNER_MESSAGES.oauthError}</h1>
<p class="error" role="alert">${escape(PARTNER_MESSAGES.oauthError)}${detail ? ` (${escape(detail)})` : ''}</p>
<p>앱으로 돌아가 처음부터 다시 시도해 주세요. 문제가 계속되면 앱 제공자에게 문의해 주세요.</p>`,
  );
}
