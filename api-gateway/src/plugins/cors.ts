import fp from 'fastify-plugin';

/**
 * In production the site and the API live on different hosts (spec section 7: a separate API base, with
 * credentials). Only the configured origins may call with credentials, and the refreshed token in the
 * `authorization` response header must be readable by the site's script.
 */
export default fp<{ origins: string[] }>(
  async (app, { origins }) => {
    if (origins.length === 0) return;
    const allowed = new Set(origins);
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) return;
      reply
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-credentials', 'true')
        .header('access-control-expose-headers', 'authorization')
        .header('vary', 'Origin');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        return reply
          .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
          .header('access-control-allow-headers', 'authorization, content-type')
          .header('access-control-max-age', '600')
          .status(204)
          .send();
      }
    });
  },
  { name: 'cors' },
);
