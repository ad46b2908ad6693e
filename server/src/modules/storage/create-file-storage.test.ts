import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/config';
import { createFileStorage } from './create-file-storage';

describe('file storage from the configuration', () => {
  it('is a folder beside the SQLite file by default, writing whole files under generated keys', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-storage-'));
    const storage = createFileStorage(testConfig({ SQLITE_PATH: join(dir, 'meridian.db') }));
    expect(storage).toMatchObject({ mode: 'local', description: `Folder ${join(dir, 'uploads')}` });
    await storage.put('kyc/user-1/doc-1', Buffer.from('bytes'), 'image/png');
    expect(readdirSync(join(dir, 'uploads', 'kyc', 'user-1'))).toEqual(['doc-1']);
    expect((await storage.get('kyc/user-1/doc-1'))?.toString()).toBe('bytes');
    expect(await storage.get('kyc/user-1/nothing')).toBeNull();
    await expect(storage.put('../../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /storage key/,
    );
  });

  it('refuses a folder inside the web app, where files would be served to anyone', () => {
    expect(() =>
      createFileStorage(testConfig({ WEB_DIST_DIR: './web/dist', FILE_STORAGE_DIR: './web/dist/uploads' })),
    ).toThrow(/FILE_STORAGE_DIR: must not be inside/);
  });

  it('is S3 when the four S3 settings are there', () => {
    const storage = createFileStorage(
      testConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'docs',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    );
    expect(storage).toMatchObject({ mode: 's3', description: 'S3 bucket docs at http://127.0.0.1:9000' });
  });
});
