import { startTestDatabase } from './database';

/**
 * Vitest global setup: the back-end suites need a PostgreSQL server. With DATABASE_URL they use it;
 * without, a real embedded one of its own (fresh folder, free port: parallel runs never collide).
 * Each suite then creates and drops its own database on it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const database = await startTestDatabase('sq_test');
  process.env.DATABASE_URL = database.url;
  return () => database.stop();
}
