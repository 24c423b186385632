import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { isProduction } from './production';

/**
 * Mail over SMTP (nodemailer), one plugin for every service that writes to members. Development and tests
 * deliver to the local SMTP sink of packages/stack; production points SMTP_* at a real relay.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  /**
   * SMTP_REQUIRE_TLS: on a plain port (587), refuse to send unless the server upgrades the connection
   * (STARTTLS), so credentials and members' mail never cross the network in clear. Default: on in production.
   */
  requireTls?: boolean;
  user?: string;
  pass?: string;
  from: string;
  timeoutMs: number;
}

export function readSmtpConfig(env: NodeJS.ProcessEnv = process.env): SmtpConfig {
  const secure = env.SMTP_SECURE === 'true';
  const requireTls =
    env.SMTP_REQUIRE_TLS === undefined || env.SMTP_REQUIRE_TLS === ''
      ? isProduction(env)
      : env.SMTP_REQUIRE_TLS === 'true';
  if (isProduction(env) && !secure && !requireTls) {
    throw new Error(
      'SMTP_REQUIRE_TLS=false: production mail must go over TLS (SMTP_SECURE=true on port 465, or STARTTLS, the default).',
    );
  }
  return {
    host: env.SMTP_HOST ?? '127.0.0.1',
    port: Number(env.SMTP_PORT ?? 1025),
    secure,
    requireTls,
    user: env.SMTP_USER,
    pass: env.SMTP_PASS,
    from: env.MAIL_FROM ?? '사이드퀘스트 <no-reply@sidequest.local>',
    timeoutMs: Number(env.SMTP_TIMEOUT_MS ?? 10_000),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates `app.mailer`; the configuration is read when the app is built (tests set the environment first). */
export const mailerPlugin = fp<{ smtp?: SmtpConfig }>(
  async (app, options) => {
    const smtp = options.smtp ?? readSmtpConfig();
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      requireTLS: !smtp.secure && smtp.requireTls === true,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
      connectionTimeout: smtp.timeoutMs,
      greetingTimeout: smtp.timeoutMs,
      socketTimeout: smtp.timeoutMs,
    });
    app.decorate('mailer', {
      async send(mail: Mail) {
        await transport.sendMail({ from: smtp.from, ...mail });
      },
    });
    app.addHook('onClose', async () => transport.close());
  },
  { name: 'mailer' },
);
