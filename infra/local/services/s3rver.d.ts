// The part of s3rver 3.7's API the local stack uses (the package ships no types).
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  import type { S3Event } from 'aws-lambda';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Emitted after an object is created or deleted, shaped like an S3 notification. */
    on(event: 'event', listener: (event: S3Event) => void): this;
    off(event: 'event', listener: (event: S3Event) => void): this;
  }
}
