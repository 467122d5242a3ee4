// s3rver standing in for S3: the uploads and exports buckets persisted under a directory, with CORS
// for the site's origin so the browser can PUT and GET through presigned URLs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { S3Event } from 'aws-lambda';
import S3rver from 's3rver';
import { assertPortFree } from './ports.ts';
import type { RunningService } from './dynamodb.ts';

export interface S3Options {
  port: number;
  dataDir: string;
  buckets: readonly string[];
  /** Origins allowed to use presigned URLs from a browser (the Vite dev server's). */
  allowedOrigins: readonly string[];
  portVariable?: string;
}

export interface RunningS3 extends RunningService {
  /** Called with the S3 notification of every object created or removed, as the real bucket would send it. */
  onObjectEvent(listener: (event: S3Event) => void): void;
}

export function corsConfiguration(origins: readonly string[]): string {
  const rule = [
    ...origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`),
    ...['GET', 'PUT', 'HEAD'].map((m) => `<AllowedMethod>${m}</AllowedMethod>`),
    '<AllowedHeader>*</AllowedHeader>',
    '<ExposeHeader>ETag</ExposeHeader>',
    '<MaxAgeSeconds>3000</MaxAgeSeconds>',
  ].join('');
  return `<CORSConfiguration><CORSRule>${rule}</CORSRule></CORSConfiguration>`;
}

export async function startS3(options: S3Options): Promise<RunningS3> {
  await assertPortFree(options.port, options.portVariable ?? 'S3_PORT');
  const directory = path.resolve(options.dataDir);
  mkdirSync(directory, { recursive: true });
  const cors = corsConfiguration(options.allowedOrigins);
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [cors] })),
  });
  await server.run();
  return {
    endpoint: `http://localhost:${options.port}`,
    onObjectEvent: (listener) => server.on('event', listener),
    async stop() {
      const closing = server.close();
      // Browsers keep connections open; a shutdown should not wait for them.
      server.httpServer?.closeAllConnections();
      await closing;
    },
  };
}
