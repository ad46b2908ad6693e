import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/config';
import { relyingPartyOf } from './relying-party';

describe('the relying party passkeys are bound to', () => {
  it('is the public address’s host, and only its origin may use them', () => {
    expect(relyingPartyOf(testConfig({ PUBLIC_URL: 'https://bank.example.com' }))).toEqual({
      id: 'bank.example.com',
      name: 'Meridian',
      origins: ['https://bank.example.com'],
    });
  });

  it('is localhost on the port when no public address is set, or when it is a loopback IP', () => {
    expect(relyingPartyOf(testConfig({ PORT: 4000 })).origins).toEqual(['http://localhost:4000']);
    const loopback = relyingPartyOf(testConfig({ PUBLIC_URL: 'http://127.0.0.1:5173' }));
    expect(loopback).toMatchObject({ id: 'localhost', origins: ['http://localhost:5173'] });
  });
});
