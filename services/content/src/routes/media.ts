import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound } from '@sq/service-kit';

const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');
// Only plain file names: no path can leave the assets folder.
const FILE_NAME = /^[a-z0-9-]+\.svg$/;
const params = z.object({ file: z.string() });

/** Editorial images (banners, project screenshots) shipped with the content. */
const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string } }>(
    '/media/content/:file',
    { schema: { tags: ['content'], summary: '콘텐츠 이미지 (SVG)', params } },
    async (request, reply) => {
      const { file } = request.params;
      const body = FILE_NAME.test(file) ? await fs.readFile(path.join(ASSETS, file)).catch(() => null) : null;
      if (!body) throw notFound();
      return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
    },
  );
};

export default mediaRoutes;
