import path from 'node:path';
import { ensureDatabase } from './database';
import { DATA_DIR } from './paths';

/**
 * Vitest global setup: the back-end suites need a PostgreSQL server. With DATABASE_URL they use it;
 * without, a real embedded one (its own data folder and port, so a running site is not disturbed).
 * Each suite then creates and drops its own database on it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const database = await ensureDatabase({ name: 'sq_test', port: 54330, dataDir: path.join(DATA_DIR, 'pg-test') });
  process.env.DATABASE_URL = database.url;
  return () => database.stop();
}
