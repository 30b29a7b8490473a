import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSignedRate } from '@shared/domain/leaseSplit';

const cents = (parts: number[]) => parts.reduce((sum, part) => sum + Math.round(part * 100), 0);

describe('the offered price split across a deal\'s offices', () => {
  it('gives each office its share in proportion to its monthly marketed rate', () => {
    expect(splitSignedRate(2400, [500, 1500])).toEqual([600, 1800]);
    expect(splitSignedRate(1000, [1000])).toEqual([1000]);
    expect(splitSignedRate(900, [100, 200, 300])).toEqual([150, 300, 450]);
  });

  it('gives the cents left over by rounding down to the office with the largest marketed rate', () => {
    // 100 / 3 = 33.333...: 33.33 each, the cent left over to the largest (the first of equals).
    expect(splitSignedRate(100, [1, 1, 1])).toEqual([33.34, 33.33, 33.33]);
    expect(splitSignedRate(100, [500, 700, 500])).toEqual([29.41, 41.18, 29.41]);
  });

  it('splits equally when no office has a marketed rate, and gives nothing without offices', () => {
    expect(splitSignedRate(1000, [0, 0])).toEqual([500, 500]);
    expect(splitSignedRate(1000, [])).toEqual([]);
  });

  it('always adds up to the offered price to the cent, each part within a cent of its share but the largest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (offeredCents, rates) => {
          const offered = offeredCents / 100;
          const parts = splitSignedRate(offered, rates);
          expect(parts).toHaveLength(rates.length);
          expect(cents(parts)).toBe(offeredCents);
          const sum = rates.reduce((a, b) => a + b, 0);
          const largest = rates.indexOf(Math.max(...rates));
          parts.forEach((part, i) => {
            const share = sum > 0 ? (offeredCents * rates[i]!) / sum : offeredCents / rates.length;
            const off = Math.round(part * 100) - share;
            if (i === largest) expect(off).toBeLessThan(rates.length);
            else expect(Math.abs(off)).toBeLessThan(1);
            expect(part).toBeGreaterThanOrEqual(0);
          });
        },
      ),
    );
  });
});
