import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3FileStorage } from './s3-file-storage';
import { sha256Hex, signRequest } from './sigv4';

const keys = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret-test-key', region: 'eu-west-1' };

/**
 * A tiny S3 stand-in: keeps PUT bodies in memory and returns them on GET, after checking each request's
 * signature the way S3 does (recomputed from what arrived, with the shared secret) and the body's hash.
 */
function s3StandIn() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url!, `http://${request.headers.host}`);
      const signed = ['content-type'].filter((name) => request.headers[name] !== undefined);
      const expected = signRequest(
        {
          method: request.method!,
          url,
          headers: Object.fromEntries(signed.map((name) => [name, String(request.headers[name])])),
          body,
          now: parseAmzDate(String(request.headers['x-amz-date'])),
        },
        keys,
      );
      seen.push(`${request.method} ${url.pathname}`);
      if (request.headers.authorization !== expected.authorization) {
        response.writeHead(403).end('SignatureDoesNotMatch');
        return;
      }
      if (request.headers['x-amz-content-sha256'] !== sha256Hex(body)) {
        response.writeHead(400).end('XAmzContentSHA256Mismatch');
        return;
      }
      if (request.method === 'PUT') {
        objects.set(url.pathname, { body, type: String(request.headers['content-type']) });
        response.writeHead(200).end();
      } else if (request.method === 'GET') {
        const object = objects.get(url.pathname);
        if (!object) response.writeHead(404).end('NoSuchKey');
        else response.writeHead(200, { 'content-type': object.type }).end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(url.pathname);
        response.writeHead(204).end();
      } else response.writeHead(405).end();
    });
  });
  return { server, objects, seen };
}

const parseAmzDate = (text: string) =>
  new Date(
    `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(9, 11)}:${text.slice(11, 13)}:${text.slice(13, 15)}Z`,
  );

describe('SigV4', () => {
  it("matches AWS's published example (GET Object with a Range header)", () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { range: 'bytes=0-9' },
        now: new Date('2013-05-24T00:00:00Z'),
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 file storage against a local stand-in', () => {
  const standIn = s3StandIn();
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((done) => standIn.server.listen(0, '127.0.0.1', done));
    endpoint = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => (standIn.server as Server).close(() => done())));

  it('puts, gets back the same bytes, deletes, and answers null for what is not there', async () => {
    const storage = s3FileStorage({ endpoint, bucket: 'kyc-docs', ...keys });
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    await storage.put('kyc/user-1/doc-1', body, 'image/png');
    expect(standIn.objects.get('/kyc-docs/kyc/user-1/doc-1')).toEqual({ body, type: 'image/png' });
    expect(await storage.get('kyc/user-1/doc-1')).toEqual(body);
    await storage.delete('kyc/user-1/doc-1');
    expect(await storage.get('kyc/user-1/doc-1')).toBeNull();
    await storage.probe();
    expect(standIn.seen).toContain('PUT /kyc-docs/kyc/user-1/doc-1');
  });

  it('fails loudly when the signature is wrong (a bad secret)', async () => {
    const storage = s3FileStorage({ endpoint, bucket: 'kyc-docs', ...keys, secretAccessKey: 'wrong' });
    await expect(storage.put('kyc/x/y', Buffer.from('a'), 'image/png')).rejects.toThrow(/403/);
  });

  it('refuses keys that are not ours (a client file name)', async () => {
    const storage = s3FileStorage({ endpoint, bucket: 'kyc-docs', ...keys });
    await expect(storage.put('../passport.png', Buffer.from('a'), 'image/png')).rejects.toThrow(
      /storage key/,
    );
  });
});
