import { describe, expect, it } from 'vitest';
import { rankBetween } from '@shared/domain/rank';

describe('rank between neighbours', () => {
  it('places a card between its neighbours, at either end, and never renumbers', () => {
    const middle = rankBetween('a0', 'a1');
    expect(middle > 'a0' && middle < 'a1').toBe(true);
    expect(rankBetween(null, 'a0') < 'a0').toBe(true);
    expect(rankBetween('a1', null) > 'a1').toBe(true);
    expect(rankBetween(null, null)).toBe('a0');
  });
  it('two drops at one spot get the same rank; a drop next to such a pair still lands after the upper card', () => {
    expect(rankBetween('a0', 'a1')).toBe(rankBetween('a0', 'a1'));
    expect(rankBetween('a0V', 'a0V') > 'a0V').toBe(true);
  });
  it('a misordered pair has no key between: just after the upper card', () => {
    expect(rankBetween('a2', 'a1') > 'a2').toBe(true);
  });
});
