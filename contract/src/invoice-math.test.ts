import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payableNow, paymentProblem, percentOfMinor, realisedFxMinor } from './invoice-math';

describe('what an invoice can be paid now', () => {
  it('asks the deposit first, then the rest; at least the minimum or the whole of a smaller rest', () => {
    const terms = { total: 115_500n, deposit: 34_650n, minimum: 10_000n, paid: 0n };
    expect(payableNow(terms)).toEqual({
      outstanding: 115_500n,
      depositDue: 34_650n,
      dueNow: 34_650n,
      least: 34_650n,
    });
    expect(payableNow({ ...terms, paid: 34_650n })).toMatchObject({ dueNow: 80_850n, least: 10_000n });
    expect(payableNow({ ...terms, paid: 110_000n })).toMatchObject({ dueNow: 5_500n, least: 5_500n });
    expect(payableNow({ ...terms, deposit: 0n, minimum: 0n })).toMatchObject({ least: 1n });
    expect(paymentProblem(terms, 115_501n, 'USD')).toMatch(/more than is due: at most 1155.00 USD/);
    expect(paymentProblem(terms, 100n, 'USD')).toMatch(/deposit comes first/);
    expect(paymentProblem({ ...terms, paid: 115_500n }, 1n, 'USD')).toMatch(/Nothing is left/);
    expect(percentOfMinor(115_500n, '30')).toBe(34_650n);
    expect(percentOfMinor(1n, '50')).toBe(1n);
  });

  it('never lets a sequence of accepted payments pass the total, and always accepts what is due now', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.array(fc.bigInt({ min: 1n, max: 12_000_000n }), { maxLength: 20 }),
        (total, depositSeed, minimumSeed, tries) => {
          const terms = {
            total,
            deposit: depositSeed % (total + 1n),
            minimum: minimumSeed % (total + 1n),
            paid: 0n,
          };
          for (const amount of tries) {
            if (paymentProblem(terms, amount, 'USD') === null) terms.paid += amount;
            expect(terms.paid <= total).toBe(true);
          }
          const now = payableNow(terms);
          expect(now.outstanding).toBe(total - terms.paid);
          if (now.outstanding > 0n) {
            expect(paymentProblem(terms, now.dueNow, 'USD')).toBeNull();
            expect(paymentProblem(terms, now.outstanding, 'USD')).toBeNull();
            expect(now.least <= now.dueNow).toBe(true);
          }
        },
      ),
    );
  });

  it('works out realised FX against the paid share of the issue-time value, rounded half up', () => {
    expect(realisedFxMinor(48_000n, 110_000n, 40_000n, 100_000n)).toBe(4_000n);
    expect(realisedFxMinor(111_000n, 110_000n, 100_000n, 100_000n)).toBe(1_000n);
    // 100 × 1 / 3 = 33.33… → 33; 100 × 2 / 3 = 66.67 → 67.
    expect(realisedFxMinor(30n, 100n, 1n, 3n)).toBe(-3n);
    expect(realisedFxMinor(70n, 100n, 2n, 3n)).toBe(3n);
  });
});
