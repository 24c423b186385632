import fs from 'node:fs';

/**
 * A file the gateway serves on every request of its kind (the shell page, the registry), read again only
 * when it was replaced: builds and releases write a new file and rename it over the old one.
 */
export function liveFile(file: string): () => Promise<string | null> {
  let cached: { mtimeMs: number; ino: number; text: string } | null = null;
  return async () => {
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return null;
    if (cached?.mtimeMs !== stat.mtimeMs || cached.ino !== stat.ino) {
      cached = { mtimeMs: stat.mtimeMs, ino: stat.ino, text: await fs.promises.readFile(file, 'utf8') };
    }
    return cached.text;
  };
}
