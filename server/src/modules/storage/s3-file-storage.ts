import { probeStorage, assertStorageKey, type FileStorage } from './file-storage';
import { signRequest, type SigningKeys } from './sigv4';

export interface S3Options extends SigningKeys {
  /** The service's origin, e.g. https://s3.eu-west-1.amazonaws.com or a MinIO server; objects are path-style. */
  endpoint: string;
  bucket: string;
  /** Per request; storage that does not answer fails the upload rather than holding it. */
  timeoutMs?: number;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, …), each request signed with SigV4 (sigv4.ts).
 * Path-style addresses (`<endpoint>/<bucket>/<key>`), which every S3-compatible service accepts.
 */
export function s3FileStorage(options: S3Options): FileStorage {
  const origin = options.endpoint.replace(/\/$/, '');
  const urlOf = (key: string) => {
    assertStorageKey(key);
    return new URL(`${origin}/${encodeURIComponent(options.bucket)}/${key}`);
  };
  async function send(method: string, key: string, body?: Buffer, contentType?: string) {
    const url = urlOf(key);
    const headers = signRequest(
      {
        method,
        url,
        ...(body && { body }),
        ...(contentType && { headers: { 'content-type': contentType } }),
      },
      options,
    );
    // fetch sets host itself and refuses to be told.
    delete headers.host;
    return fetch(url, {
      method,
      headers,
      ...(body && { body: new Uint8Array(body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  }
  const failed = async (what: string, response: Response) =>
    new Error(`S3 ${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);

  const storage: FileStorage = {
    description: `S3 bucket ${options.bucket} at ${origin}`,
    mode: 's3',
    async put(key, body, contentType) {
      const response = await send('PUT', key, body, contentType);
      if (!response.ok) throw await failed('PUT', response);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await failed('GET', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failed('DELETE', response);
      await response.arrayBuffer();
    },
    probe: () => probeStorage(storage),
  };
  return storage;
}
