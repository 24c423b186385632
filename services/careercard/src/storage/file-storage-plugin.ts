import fp from 'fastify-plugin';
import type { UploadStorageConfig } from '../config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';

/** The configured store. */
export function createFileStorage(config: UploadStorageConfig): FileStorage {
  return config.kind === 's3' ? new S3Storage(config.s3) : new LocalDiskStorage(config.dir);
}

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export default fp(
  async (app) => {
    const storage = createFileStorage(app.careercardConfig.uploadStorage);
    app.decorate('fileStorage', storage);
    app.addHook('onClose', () => storage.close());
  },
  { name: 'file-storage', dependencies: ['careercard-config'] },
);
