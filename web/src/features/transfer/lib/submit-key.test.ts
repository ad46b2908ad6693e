import { describe, expect, it } from 'vitest';
import { submitKey } from './submit-key';

describe('the key a form submits with', () => {
  let counter = 0;
  const fresh = () => `key-${++counter}`;

  it('is the same for the same body sent again, and new once the body changes', () => {
    const first = submitKey(null, { amount: '10.00' }, fresh);
    expect(submitKey(first, { amount: '10.00' }, fresh)).toBe(first);
    const changed = submitKey(first, { amount: '12.00' }, fresh);
    expect(changed.key).not.toBe(first.key);
    expect(submitKey(changed, { amount: '10.00' }, fresh).key).not.toBe(first.key);
  });

  it('makes UUIDs by default, as the server expects', () => {
    expect(submitKey(null, {}).key).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
