import { describe, expect, it } from 'vitest';
import { returnPath, signInThenReturnTo } from './return-to';

const origin = 'https://meridian.example';

describe('returnPath', () => {
  it('returns to the page a signed-out visitor was heading to, with its query', () => {
    expect(returnPath(new URL(signInThenReturnTo('/invoices'), origin).search, origin)).toBe('/invoices');
    expect(returnPath('?next=%2Fhistory%3Fpage%3D2', origin)).toBe('/history?page=2');
  });

  it('goes to the dashboard when nothing or the landing page was asked for', () => {
    expect(returnPath('', origin)).toBe('/dashboard');
    expect(returnPath('?next=/', origin)).toBe('/dashboard');
  });

  it('never leaves the site: no open redirect', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '/%2F%2Fevil.example',
    ]) {
      const path = returnPath(`?${new URLSearchParams({ next })}`, origin);
      expect(new URL(path, origin).origin).toBe(origin);
      expect(path.startsWith('//')).toBe(false);
    }
  });
});
