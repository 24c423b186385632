import type { TestProject } from 'vitest/node';
import { stackSecrets } from '@sq/stack/secrets';
import { startTestSite } from './test-site';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    cdnDir: string;
    /** The local SMTP sink's mailbox: GET {mailboxUrl}/api/messages lists the mails the site sent. */
    mailboxUrl: string;
    /** The test site's PostgreSQL (every service's schema): tests create the data they need there (src/site-data.ts). */
    databaseUrl: string;
    /** The sandbox PG: GET {paymentUrl}/api/state lists billing keys, payments and webhooks. */
    paymentUrl: string;
    /** The programs service's own URL and the stack's internal secret: PUT /internal/clock (src/clock.ts). */
    programsUrl: string;
    internalSecret: string;
  }
}

/** The whole site on its own port, database and CDN folder, so a developer's running site is untouched. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const site = await startTestSite();
  project.provide('baseUrl', site.url);
  project.provide('cdnDir', site.cdnDir);
  project.provide('mailboxUrl', site.mailboxUrl);
  project.provide('databaseUrl', site.databaseUrl);
  project.provide('paymentUrl', site.paymentUrl);
  project.provide('programsUrl', site.services.programs!);
  project.provide('internalSecret', stackSecrets().INTERNAL_SECRET);
  return site.stop;
}
