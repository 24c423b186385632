import type { Knex } from 'knex';
import * as z from 'zod/mini';
import { email as emailField, password as passwordField } from '@sq/contracts';
import { hashPassword, verifyPassword } from '../passwords';
import { DEMO_ACCOUNTS } from '../seeds';

export interface OperatorInput {
  email: string;
  name: string;
  password: string;
  phone?: string;
}

const operatorSchema = z.object({
  email: emailField,
  password: passwordField,
  name: z.string().check(z.minLength(1), z.maxLength(50)),
});

/**
 * Makes `email` an operator (ROLE_ADMIN) with this password: a new e-mail account, or an existing e-mail
 * account promoted (its password replaced and its sessions ended). The first operator of a production site
 * is made this way (`npm run create-operator`), since production has no demo accounts.
 */
export async function createOperator(knex: Knex, input: OperatorInput): Promise<{ userId: number; created: boolean }> {
  const parsed = operatorSchema.safeParse(input);
  if (!parsed.success) throw new Error(`operator refused: ${parsed.error.issues.map((i) => i.message).join(' ')}`);
  if (isDemoPassword(input.password)) throw new Error('operator refused: that is a demo account password (README).');
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return knex.transaction(async (trx) => {
    const existing = await trx('user_account')
      .whereRaw('lower(email) = ?', [email])
      .whereNull('withdrawn_at')
      .first('user_id', 'vendor');
    if (existing) {
      if (existing.vendor !== 'EMAIL')
        throw new Error(`operator refused: ${email} signs in with ${existing.vendor}, not a password.`);
      await trx('user_account')
        .where({ user_id: existing.user_id })
        .update({ user_role: 'ROLE_ADMIN', password_hash: passwordHash, password_changed_at: trx.fn.now() });
      await trx('session')
        .where({ user_id: existing.user_id })
        .whereNull('revoked_at')
        .update({ revoked_at: trx.fn.now() });
      return { userId: existing.user_id as number, created: false };
    }
    const [row] = await trx('user_account')
      .insert({
        email,
        contact_email: email,
        password_hash: passwordHash,
        user_name: input.name.trim(),
        // Nicknames are unique; an operator's is derived from its e-mail and shown only in the console.
        user_alias: `운영-${email.split('@')[0]!.slice(0, 20)}-${Date.now().toString(36).slice(-4)}`.slice(0, 30),
        user_phone: (input.phone ?? '').slice(0, 13),
        user_role: 'ROLE_ADMIN',
        user_step: 'DONE',
        terms_agreed: true,
        privacy_agreed: true,
      })
      .returning('user_id');
    return { userId: (row as { user_id: number }).user_id, created: true };
  });
}

const isDemoPassword = (password: string) => Object.values(DEMO_ACCOUNTS).some((demo) => demo.password === password);

/**
 * Production refuses to start while an operator, or a demo account, still signs in with a demo password
 * (README's demo accounts are public): the operator sets a new one with `npm run create-operator`.
 */
export async function refuseDemoPasswords(knex: Knex): Promise<void> {
  const demoEmails = Object.values(DEMO_ACCOUNTS).map((demo) => demo.email);
  const rows = await knex('user_account')
    .whereNull('withdrawn_at')
    .whereNotNull('password_hash')
    .where((q) =>
      q.where({ user_role: 'ROLE_ADMIN' }).orWhereIn(knex.raw('lower(email)') as unknown as string, demoEmails),
    )
    .select('email', 'password_hash');
  for (const row of rows as { email: string; password_hash: string }[]) {
    for (const demo of Object.values(DEMO_ACCOUNTS)) {
      if (await verifyPassword(row.password_hash, demo.password)) {
        throw new Error(
          `${row.email} signs in with a demo password (README): production will not start. Set a new one with npm run create-operator -- --email ${row.email}.`,
        );
      }
    }
  }
}
