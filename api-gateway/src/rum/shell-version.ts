import path from 'node:path';
import { liveFile } from '../live-file';

/** The file the shell's build writes next to its index.html: the version its field figures name (`{ "version": … }`). */
export const SHELL_VERSION_FILE = 'shell-version.json';

/** The live shell's version, read again when a shell release replaces the file; null without a shell or the file. */
export function shellVersionReader(shellDir: string | null): () => Promise<string | null> {
  if (!shellDir) return async () => null;
  const read = liveFile(path.join(shellDir, SHELL_VERSION_FILE));
  return async () => {
    const text = await read();
    if (!text) return null;
    try {
      const { version } = JSON.parse(text) as { version?: unknown };
      return typeof version === 'string' && /^[0-9A-Za-z.+_-]{1,64}$/.test(version) ? version : null;
    } catch {
      return null;
    }
  };
}
