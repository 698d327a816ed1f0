import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageBackend } from '../../src/config/config.ts';

/** A real S3-protocol server (s3rver) on loopback, with its own temp directory and port. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The store settings (config.storage.backend) pointing at it. */
  settings: S3StorageBackend;
  /** The environment that selects it: STORAGE=s3 plus the S3_* settings. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

// s3rver accepts this pair (it checks signatures made with it).
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export async function startS3(bucket = 'reelsmith-test'): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  const info = await server.run();
  const endpoint = `http://127.0.0.1:${info.port}`;
  return {
    endpoint,
    bucket,
    settings: { kind: 's3', endpoint, bucket, region: 'us-east-1', credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY }, forcePathStyle: true },
    env: { STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: SECRET_KEY, S3_FORCE_PATH_STYLE: '1' },
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
