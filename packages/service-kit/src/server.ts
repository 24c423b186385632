import type { FastifyInstance } from 'fastify';

/** Listens on the given port and closes cleanly on SIGINT/SIGTERM so connections drain. */
export async function listen(app: FastifyInstance, port: number, host = process.env.HOST ?? '127.0.0.1'): Promise<void> {
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port, host });
}
