import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/**
 * The local SMTP sink: accepts every mail sent to it (no delivery) and keeps the last 200 in memory.
 * A developer reads them at the mailbox page (GET /), tests and the e2e through the JSON API:
 *   GET /api/messages            newest first: [{id, from, to, subject, text, html, date}]
 *   GET /api/messages/{id}       one mail;  GET /messages/{id} renders its HTML
 *   DELETE /api/messages         empties the box
 *   POST /api/fail {on: boolean} makes the SMTP side refuse mail (to test "메일 전송에 실패하였습니다")
 */
export interface SinkMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
}

export interface MailSink {
  smtpPort: number;
  mailboxUrl: string;
  messages(): SinkMail[];
  clear(): void;
  setFailing(on: boolean): void;
  /** Resolves with the first mail to `to` that arrives (or is already there) matching `filter`. */
  waitFor(to: string, timeoutMs?: number): Promise<SinkMail>;
  close(): Promise<void>;
}

export async function startMailSink(
  options: { smtpPort?: number; httpPort?: number; host?: string } = {},
): Promise<MailSink> {
  const host = options.host ?? '127.0.0.1';
  const box: SinkMail[] = [];
  let nextId = 1;
  let failing = false;
  const waiters: { to: string; resolve: (mail: SinkMail) => void }[] = [];

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'sidequest local mail sink',
    size: 5 * 1024 * 1024,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (failing) return callback(Object.assign(new Error('mail sink is set to fail'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: SinkMail = {
            id: nextId++,
            from: parsed.from?.text ?? String(session.envelope.mailFrom && session.envelope.mailFrom.address),
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: new Date().toISOString(),
          };
          box.unshift(mail);
          box.splice(200);
          for (const waiter of [...waiters]) {
            if (mail.to.includes(waiter.to)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sink');
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (request.method === 'GET' && url.pathname === '/api/messages') return json(200, { messages: box });
    const one = /^\/(api\/)?messages\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const mail = box.find((m) => m.id === Number(one[2]));
      if (!mail) return json(404, { message: 'not found' });
      if (one[1]) return json(200, mail);
      return response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(mail.html || `<pre>${escape(mail.text)}</pre>`);
    }
    if (request.method === 'DELETE' && url.pathname === '/api/messages') {
      box.splice(0);
      return json(200, { ok: true });
    }
    if (request.method === 'POST' && url.pathname === '/api/fail') {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        try {
          failing = Boolean((JSON.parse(body || '{}') as { on?: boolean }).on);
        } catch {
          failing = false;
        }
        json(200, { failing });
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/') {
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(mailboxPage(box, smtpPort));
    }
    json(404, { message: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(options.httpPort ?? 0, host, () => resolve());
  });
  const mailboxUrl = `http://${host}:${(web.address() as AddressInfo).port}`;

  return {
    smtpPort,
    mailboxUrl,
    messages: () => [...box],
    clear: () => void box.splice(0),
    setFailing: (on) => {
      failing = on;
    },
    waitFor(to, timeoutMs = 10_000) {
      const wanted = to.toLowerCase();
      const found = box.find((m) => m.to.includes(wanted));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { to: wanted, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) {
            waiters.splice(index, 1);
            reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref();
      });
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}

function escape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function mailboxPage(box: SinkMail[], smtpPort: number): string {
  const rows = box
    .map(
      (m) =>
        `<tr><td>${escape(m.date.replace('T', ' ').slice(0, 19))}</td><td>${escape(m.to.join(', '))}</td><td><a href="/messages/${m.id}">${escape(m.subject || '(제목 없음)')}</a></td><td><details><summary>본문</summary><pre>${escape(m.text)}</pre></details></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>개발용 메일함</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left;vertical-align:top}pre{white-space:pre-wrap;margin:0}small{color:#666}</style></head>
<body><h1>개발용 메일함</h1><p><small>로컬 SMTP(127.0.0.1:${smtpPort})로 보낸 메일이 여기에 쌓입니다. 실제로 발송되지 않습니다. JSON: <a href="/api/messages">/api/messages</a></small></p>
<table><thead><tr><th>받은 시각</th><th>받는 사람</th><th>제목</th><th>내용</th></tr></thead><tbody>${rows || '<tr><td colspan="4">아직 받은 메일이 없습니다.</td></tr>'}</tbody></table>
<script>setTimeout(() => location.reload(), 5000)</script></body></html>`;
}
