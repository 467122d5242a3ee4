// The one S3 client of a process and the presigned-URL helper: locally it points at s3rver
// (S3_ENDPOINT, path-style addressing), in AWS at the regional endpoint.
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from './config.ts';

let client: S3Client | undefined;

export function s3Client(): S3Client {
  if (!client) {
    const { AWS_REGION, S3_ENDPOINT } = config();
    client = new S3Client({
      region: AWS_REGION,
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

function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`;
}
