import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { checkStorageKey, type FileStorage } from './file-storage';

/** The object store's settings (config.ts reads them from S3_*; README.md "Uploads" documents them). */
export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, the local object store of tests); unset: AWS S3 of the region. */
  endpoint?: string;
  /** `/{bucket}/{key}` addressing, which MinIO and most S3-compatible stores need; AWS takes both. */
  forcePathStyle: boolean;
  /** Put before every key, so the uploads can share a bucket with other data. */
  keyPrefix: string;
  /** Per attempt: connecting, and waiting for an answer; the SDK retries a failed attempt (3 attempts in all). */
  timeoutMs: number;
}

/**
 * Uploads in an object store through the S3 API (`UPLOAD_STORAGE=s3`), so every instance sees the same
 * bytes. Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a web
 * identity token such as IRSA's, the container or instance role, shared files) unless given here (tests).
 * An object is written whole by one PutObject, so a reader sees all of it or nothing.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3StorageSettings,
    credentials?: S3ClientConfig['credentials'],
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials,
      maxAttempts: 3,
      requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs },
    });
  }

  private objectKey(key: string): string {
    return `${this.settings.keyPrefix}${checkStorageKey(key)}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      // Read whole (at most 5 MB): a store failing mid-object answers an error, never a cut-off image that
      // browsers and CDNs would keep for a year.
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
