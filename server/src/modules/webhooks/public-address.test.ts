import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPublicAddress } from './public-address';

describe('the webhook SSRF guard', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT, multicast and their IPv6 forms', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '127.8.8.8',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('checks every address a name resolves to, and answers the one to connect to', async () => {
    const resolvingTo = (...addresses: string[]) =>
      (async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))) as never;
    await expect(
      checkWebhookUrl('https://hooks.example.com/in', {
        allowPrivate: false,
        resolve: resolvingTo('93.184.216.34'),
      }),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    // One private answer among public ones is enough to refuse: the connection could have used it.
    await expect(
      checkWebhookUrl('https://hooks.example.com/in', {
        allowPrivate: false,
        resolve: resolvingTo('93.184.216.34', '10.1.2.3'),
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      checkWebhookUrl('http://hooks.example.com/in', {
        allowPrivate: false,
        resolve: resolvingTo('93.184.216.34'),
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    // The test setting lets http and local addresses through.
    await expect(checkWebhookUrl('http://127.0.0.1:9/in', { allowPrivate: true })).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });
});
