import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';

/**
 * Where uploaded files' bytes live. The database keeps who uploaded what (table `upload`); a store only keeps
 * bytes under a key. Local disk in the embedded default; an object store (S3, GCS, R2) implements the same
 * three calls, so instances scale out once the bytes are not on one machine's disk.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing nothing half-written: readers see all of it or none. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are ids this service made (UUIDs): plain names only, so no key can reach outside the folder. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in one folder, written to a temporary name first and renamed into place (atomic on one disk). */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(this.root, { recursive: true });
    const temporary = path.join(this.root, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.writeFile(temporary, bytes, { flag: 'wx', mode: 0o640 });
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}

/** `.data/uploads` at the repository root (git-ignored, kept between runs like the embedded database). */
export const DEFAULT_UPLOAD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../.data/uploads');

/** The configured folder (config.ts: UPLOAD_DIR, else the default folder). */
export function createFileStorage(uploadDir: string): FileStorage {
  return new LocalDiskStorage(uploadDir);
}

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export default fp(async (app) => {
  app.decorate('fileStorage', createFileStorage(app.careercardConfig.uploadDir));
}, { name: 'file-storage', dependencies: ['careercard-config'] });
