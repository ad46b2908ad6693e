import { describe, expect, it } from 'vitest';
import { customPeriodProblem, packPeriodOf } from './pack-periods';

const on = (text: string) => new Date(`${text}T12:00:00Z`);

describe('pack periods', () => {
  it('takes calendar quarters, the last one across a new year', () => {
    expect(packPeriodOf('this-quarter', on('2026-11-27'))).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(packPeriodOf('last-quarter', on('2026-11-27'))).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(packPeriodOf('last-quarter', on('2026-02-10'))).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(packPeriodOf('this-quarter', on('2028-02-29'))).toEqual({ from: '2028-01-01', to: '2028-03-31' });
  });

  it('runs the tax year from its start, the calendar year unless told', () => {
    expect(packPeriodOf('this-tax-year', on('2026-11-27'))).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    const april6 = { month: 4, day: 6 };
    expect(packPeriodOf('this-tax-year', on('2026-11-27'), april6)).toEqual({
      from: '2026-04-06',
      to: '2027-04-05',
    });
    expect(packPeriodOf('this-tax-year', on('2026-04-05'), april6)).toEqual({
      from: '2025-04-06',
      to: '2026-04-05',
    });
  });

  it('says what is wrong with custom dates', () => {
    expect(customPeriodProblem({ from: '', to: '2026-01-01' })).toBe('Choose both dates.');
    expect(customPeriodProblem({ from: '2026-02-01', to: '2026-01-01' })).toMatch(/not be before/);
    expect(customPeriodProblem({ from: '2024-01-01', to: '2025-12-31' })).toBeNull();
    expect(customPeriodProblem({ from: '2024-01-01', to: '2026-01-01' })).toMatch(/two years/);
  });
});
