import { describe, expect, it } from 'vitest';
import type { Integration } from '@contract/system';
import { overallMessage, summarize } from './summary';

const item = (id: string, status: Integration['status'], production: string | null = null): Integration => ({
  id,
  name: id,
  status,
  detail: '',
  configured: null,
  production,
});
const statusOf = (integrations: Integration[]) => ({
  integrations,
  jobs: [],
  operatorView: false,
  working: integrations.filter((each) => each.status === 'working').length,
  total: integrations.length,
  checkedAt: '',
});

describe('summarize', () => {
  it('counts each status apart, warnings included, and what production needs', () => {
    const status = statusOf([
      item('database', 'working'),
      item('rates', 'warning', 'A live feed'),
      item('cards', 'missing', 'Stripe Issuing'),
      item('mail', 'error'),
    ]);
    expect(summarize(status)).toEqual({
      working: 1,
      missing: 1,
      errors: 1,
      warnings: 1,
      total: 4,
      required: [
        { name: 'rates', production: 'A live feed' },
        { name: 'cards', production: 'Stripe Issuing' },
      ],
    });
  });
});

describe('overallMessage', () => {
  it('calls a healthy sandbox working, naming the simulated systems apart', () => {
    const sandbox = [...Array(4)].map((_, index) => item(`real${index}`, 'working'));
    const standIns = [...Array(5)].map((_, index) => item(`sim${index}`, 'warning'));
    expect(overallMessage(summarize(statusOf([...sandbox, ...standIns])))).toBe(
      'All systems working (5 simulated)',
    );
    expect(overallMessage(summarize(statusOf(sandbox)))).toBe('All systems working');
  });

  it('says what is wrong when something is', () => {
    const status = statusOf([
      item('database', 'working'),
      item('rates', 'warning'),
      item('cards', 'missing'),
      item('mail', 'error'),
    ]);
    expect(overallMessage(summarize(status))).toBe(
      '2 of 4 systems working (1 simulated); 1 not working right now, 1 not available yet',
    );
  });
});
