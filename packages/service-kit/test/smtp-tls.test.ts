import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { mailerPlugin, readSmtpConfig } from '../src';

describe('SMTP over TLS in production', () => {
  it('requires STARTTLS by default in production, not in development', () => {
    expect(readSmtpConfig({ NODE_ENV: 'production', SMTP_PORT: '587' }).requireTls).toBe(true);
    expect(readSmtpConfig({ SMTP_PORT: '1025' }).requireTls).toBe(false);
    expect(readSmtpConfig({ NODE_ENV: 'production', SMTP_SECURE: 'true', SMTP_PORT: '465' }).secure).toBe(true);
  });

  it('refuses a production configuration that would send in clear', () => {
    expect(() => readSmtpConfig({ NODE_ENV: 'production', SMTP_REQUIRE_TLS: 'false' })).toThrow(/must go over TLS/);
    expect(readSmtpConfig({ NODE_ENV: 'production', SMTP_REQUIRE_TLS: 'false', SMTP_SECURE: 'true' }).secure).toBe(
      true,
    );
  });

  it('does not send through a server that offers no STARTTLS when TLS is required', async () => {
    // A plain SMTP server that never offers STARTTLS (and would accept the mail).
    const commands: string[] = [];
    const server = net.createServer((socket) => {
      socket.write('220 plain ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
          commands.push(line);
          if (/^(EHLO|HELO)/i.test(line)) socket.write('250 plain\r\n');
          else if (/^STARTTLS/i.test(line)) socket.write('454 TLS not available\r\n');
          else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const app = Fastify();
    const port = (server.address() as net.AddressInfo).port;
    await app.register(mailerPlugin, {
      smtp: {
        ...readSmtpConfig({ NODE_ENV: 'production', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) }),
        timeoutMs: 5_000,
      },
    });
    try {
      await expect(
        app.mailer.send({ to: 'member@example.com', subject: '안내', text: '본문', html: '<p>본문</p>' }),
      ).rejects.toThrow();
      // Nothing of the mail went out in clear.
      expect(commands.filter((line) => /^(MAIL|RCPT|DATA|AUTH)/i.test(line))).toEqual([]);
    } finally {
      await app.close();
      server.close();
    }
  });
});
