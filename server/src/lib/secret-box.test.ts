import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from './secret-box';

describe('secret box', () => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-secret-box-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('seals and opens, never in clear, and refuses another context or a changed text', () => {
    const box = createSecretBox(Buffer.alloc(32, 7));
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed);
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'user-2')).toThrow();
    const [version, iv, tag, text] = sealed.split('.');
    const flipped = `${text!.startsWith('A') ? 'B' : 'A'}${text!.slice(1)}`;
    expect(() => box.open([version, iv, tag, flipped].join('.'), 'user-1')).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed, 'user-1')).toThrow();
  });

  it('creates a key file once, owner-only, and reads the same key after', () => {
    const keyFile = join(dir, 'data', 'two-factor.key');
    const first = loadSecretKey({ keyFile });
    expect(first).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ keyFile }).equals(first)).toBe(true);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(first.toString('hex'));
  });

  it('prefers the configured key', () => {
    const hexKey = 'ab'.repeat(32);
    expect(loadSecretKey({ hexKey, keyFile: join(dir, 'unused.key') }).toString('hex')).toBe(hexKey);
  });
});
