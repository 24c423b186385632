import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkStorageKey, type FileStorage } from './file-storage';

/** `.data/uploads` at the repository root (git-ignored, kept between runs like the embedded database). */
export const DEFAULT_UPLOAD_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../.data/uploads',
);

/**
 * Files in one folder (`UPLOAD_STORAGE=local`, the embedded default), written to a temporary name first and
 * renamed into place (atomic on one disk). Serves one machine; several instances need the object store.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkStorageKey(key));
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

  async close(): Promise<void> {}
}
