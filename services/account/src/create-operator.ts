/**
 * `npm run create-operator -- --email ops@example.com --name 운영자 [--phone 010-0000-0000]`: makes the first
 * operator (ROLE_ADMIN) of a site, production included. The password comes from OPERATOR_PASSWORD, or is asked
 * for on the terminal (not echoed); never from the command line, where it would stay in the shell history.
 * DATABASE_URL names the database; the account schema is migrated first.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { createKnex, prepareDatabase } from '@sq/service-kit';
import { migrations } from './migrations';
import { createOperator } from './repositories/operator-accounts';
import { readOperatorSetup } from './config';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};

async function askPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('OPERATOR_PASSWORD is not set and there is no terminal to ask on.');
  let muted = false;
  const output = new Writable({
    write: (chunk, _encoding, done) => {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      rl.question(question, resolve);
      muted = true;
    });
  try {
    const first = await ask(prompt);
    muted = false;
    process.stdout.write('\n');
    const second = await ask('비밀번호 확인: ');
    process.stdout.write('\n');
    if (first !== second) throw new Error('the two passwords differ');
    return first;
  } finally {
    rl.close();
  }
}

const email = flag('email');
const name = flag('name') ?? '운영자';
if (!email) {
  console.error(
    'usage: npm run create-operator -- --email <e-mail> [--name <이름>] [--phone <연락처>]  (password: OPERATOR_PASSWORD or asked)',
  );
  process.exit(2);
}
const setup = readOperatorSetup();
if (!setup.databaseUrl) {
  console.error('DATABASE_URL is not set.');
  process.exit(2);
}
const knex = createKnex({ databaseUrl: setup.databaseUrl, schema: 'account' });
try {
  await prepareDatabase(knex, { databaseUrl: setup.databaseUrl, schema: 'account', migrations, runSeed: false });
  const password = setup.password ?? (await askPassword('운영자 비밀번호: '));
  const { created } = await createOperator(knex, { email, name, password, phone: flag('phone') });
  console.log(`${email}: ${created ? 'operator created' : 'promoted to operator, password replaced'} (ROLE_ADMIN).`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await knex.destroy();
}
