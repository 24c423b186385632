import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

/** Mail over SMTP (nodemailer). Development and tests deliver to the local SMTP sink of packages/stack. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(async (app) => {
  const { smtp } = app.accountConfig;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
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
}, { name: 'mailer', dependencies: ['account-config'] });
