import { dirname, join, resolve, sep } from 'node:path';
import { ConfigError, type Config } from '../../config/env';
import type { FileStorage } from './file-storage';
import { localFileStorage } from './local-file-storage';
import { s3FileStorage } from './s3-file-storage';

/** S3 when all four S3_* settings are there (env.ts insists on all or none), else the local folder. */
export function createFileStorage(config: Config): FileStorage {
  if (config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return s3FileStorage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  const folder = config.FILE_STORAGE_DIR ?? join(dirname(config.SQLITE_PATH), 'uploads');
  // Uploads are served only through the API, to their owner: never as static files of the web app.
  const webRoot = config.WEB_DIST_DIR && resolve(config.WEB_DIST_DIR);
  if (webRoot && `${resolve(folder)}${sep}`.startsWith(`${webRoot}${sep}`)) {
    throw new ConfigError([
      `FILE_STORAGE_DIR: must not be inside the web app's folder (${config.WEB_DIST_DIR})`,
    ]);
  }
  return localFileStorage(folder);
}
