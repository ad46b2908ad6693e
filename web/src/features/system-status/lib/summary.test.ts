import { describe, expect, it } from 'vitest';
import type { Integration } from '@contract/system';
import { operationalMessage, summarize } from './summary';

const item = (id: string, status: Integration['status'], production: string | null = null): Integration => ({
  id,
  name: id,
  status,
  detail: '',
  configured: null,
  production,
});

describe('summarize', () => {
  it('counts each status, the percentage working and what production needs', () => {
    const integrations = [
      item('database', 'working'),
      item('rates', 'warning', 'A live feed'),
      item('cards', 'missing', 'Stripe Issuing'),
      item('mail', 'error'),
    ];
    const status = { integrations, jobs: [], operatorView: true, working: 1, total: 4, checkedAt: '' };
    expect(summarize(status)).toEqual({
      working: 1,
      missing: 1,
      errors: 1,
      warnings: 1,
      percent: 25,
      required: [
        { name: 'rates', production: 'A live feed' },
        { name: 'cards', production: 'Stripe Issuing' },
      ],
    });
  });

  it('says how many systems are operational, as the sketch words it', () => {
    const status = { integrations: [], jobs: [], operatorView: false, working: 7, total: 9, checkedAt: '' };
    expect(operationalMessage(status)).toBe('7/9 systems operational');
  });
});
