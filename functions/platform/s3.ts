// The one S3 client of a process and the presigned-URL helper: locally it points at s3rver
// (S3_ENDPOINT, path-style addressing), in AWS at the regional endpoint.
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from './config.ts';
import { onForget } from './held.ts';

let client: S3Client | undefined;
onForget(() => {
  client = undefined;
});

export function s3Client(): S3Client {
  if (!client) {
    const { AWS_REGION, S3_ENDPOINT } = config();
    client = new S3Client({
      region: AWS_REGION,
      // No checksum unless an operation requires one: a presigned PUT would otherwise be signed with
      // the checksum of an empty body and refused when the browser sends the file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // s3rver serves buckets under its own host name only, so locally buckets go in the path.
      ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT, forcePathStyle: true } : {}),
    });
  }
  return client;
}

export interface StoredFile {
  bucket: string;
  key: string;
  body: string | Buffer;
  contentType: string;
  /** The name a browser saves the file under. */
  fileName: string;
}

/** Writes a file that is handed out for download. */
export async function putFile(file: StoredFile): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: file.bucket,
      Key: file.key,
      Body: file.body,
      ContentType: file.contentType,
      ContentDisposition: attachment(file.fileName),
    }),
  );
}

/** A GET URL for one object that works without credentials until it expires. */
export function presignDownload(input: { bucket: string; key: string; fileName: string; expiresInSeconds: number }): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: input.bucket,
    Key: input.key,
    // Named in the URL too, so the saved name is right even for objects written without it.
    ResponseContentDisposition: attachment(input.fileName),
  });
  return getSignedUrl(s3Client(), command, { expiresIn: input.expiresInSeconds });
}

/**
 * A PUT URL for one object, signed for its content type and exact length: S3 refuses a body of
 * another size or type, so a ticket for 1 KB cannot carry 50 MB.
 */
export function presignUpload(input: { bucket: string; key: string; contentType: string; contentLength: number; expiresInSeconds: number }): Promise<string> {
  const command = new PutObjectCommand({ Bucket: input.bucket, Key: input.key, ContentType: input.contentType, ContentLength: input.contentLength });
  return getSignedUrl(s3Client(), command, {
    expiresIn: input.expiresInSeconds,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}

/** The bytes of one object. */
export async function readObject(input: { bucket: string; key: string }): Promise<Buffer> {
  const out = await s3Client().send(new GetObjectCommand({ Bucket: input.bucket, Key: input.key }));
  if (!out.Body) return Buffer.alloc(0);
  return Buffer.from(await out.Body.transformToByteArray());
}

function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`;
}
