import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for tests: an ES256 key pair per credential, and the registration and assertion
 * responses a browser would hand over (clientDataJSON, authenticatorData, CBOR attestation "none"), built
 * byte by byte as the WebAuthn spec lays them out, so the server's library checks real signatures.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  throw new Error('too long for this CBOR encoder');
}

/** The few CBOR types WebAuthn needs: small integers, text, bytes and maps. */
export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface ClientOptions {
  origin?: string;
  /** The authenticator checked who is holding it (PIN, biometrics). */
  userVerified?: boolean;
  /** Sign over this challenge instead of the one in the options. */
  challenge?: string;
}

export const TEST_ORIGIN = 'http://localhost:3000';

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

/** One authenticator holding any number of discoverable credentials, as a phone or a security key does. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  private newCredential(userHandle: string): SoftCredential {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential = { id: randomBytes(16), privateKey, publicKey, userHandle, counter: 0 };
    this.credentials.push(credential);
    return credential;
  }

  /**
   * navigator.credentials.create: a new credential for the options' user (or, `again`, one it already holds,
   * as an authenticator that ignores excludeCredentials would), and the browser's JSON.
   */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    client: ClientOptions & { again?: SoftCredential } = {},
  ) {
    const credential = client.again ?? this.newCredential(options.user.id);
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: client.challenge ?? options.challenge,
      origin: client.origin ?? TEST_ORIGIN,
      crossOrigin: false,
    });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      credential.id,
      coseKey(credential.publicKey),
    ]);
    const flags = UP | AT | ((client.userVerified ?? true) ? UV : 0);
    const authData = authenticatorData(options.rp.id ?? 'localhost', flags, 0, attested);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      credential,
      response: {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    };
  }

  /**
   * navigator.credentials.get: an assertion by `credential` (the newest by default), its counter one up
   * unless `counter` says what to sign.
   */
  assert(
    options: { challenge: string; rpId?: string },
    client: ClientOptions & { credential?: SoftCredential; counter?: number } = {},
  ) {
    const credential = client.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error('no credential to sign with');
    credential.counter = client.counter ?? credential.counter + 1;
    const clientData = JSON.stringify({
      type: 'webauthn.get',
      challenge: client.challenge ?? options.challenge,
      origin: client.origin ?? TEST_ORIGIN,
      crossOrigin: false,
    });
    const flags = UP | ((client.userVerified ?? true) ? UV : 0);
    const authData = authenticatorData(options.rpId ?? 'localhost', flags, credential.counter);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
