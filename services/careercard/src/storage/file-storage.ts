/**
 * Where uploaded files' bytes live. The database keeps who uploaded what (table `upload`); a store only keeps
 * bytes under a key. Two stores, chosen by UPLOAD_STORAGE (config.ts): `local`, a folder on this machine (the
 * embedded default of `npm start`), and `s3`, an object store through the S3 API (production: every instance
 * reads and writes the same bucket). `file-storage-plugin.ts` makes the configured one `app.fileStorage`.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing nothing half-written: readers see all of it or none. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (when the app closes). */
  close(): Promise<void>;
}

/** Keys are ids this service made (UUIDs): plain names only, so no key can reach outside its folder or prefix. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function checkStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}
