import { describe, expect, it } from 'vitest';
import { shareList } from '../../client/src/lib/sharedList';

const a = { id: 'a' };
const b = { id: 'b' };
const c = { id: 'c' };

describe('sharing a derived list across pushes', () => {
  it('given the same items in the same order, when derived again, then the previous list is kept', () => {
    const before = [a, b, c];
    expect(shareList(before, [a, b, c])).toBe(before);
  });

  it('given one item replaced by a pushed copy, when derived again, then the new list is taken and the other items are the same objects', () => {
    const pushed = { id: 'b' };
    const next = [a, pushed, c];
    const shared = shareList([a, b, c], next);
    expect(shared).toBe(next);
    expect(shared[0]).toBe(a);
    expect(shared[2]).toBe(c);
  });

  it('given the same items in another order, or one more or one fewer, when derived again, then the new list is taken', () => {
    const reordered = [b, a, c];
    expect(shareList([a, b, c], reordered)).toBe(reordered);
    const longer = [a, b, c, { id: 'd' }];
    expect(shareList([a, b, c], longer)).toBe(longer);
    const shorter = [a, b];
    expect(shareList([a, b, c], shorter)).toBe(shorter);
  });

  it('given ids (strings), when derived again with equal ids, then the previous list is kept', () => {
    const before = ['a', 'b'];
    expect(shareList(before, ['a', 'b'])).toBe(before);
  });

  it('given nothing before, when derived the first time, then the new list is taken', () => {
    const first = [a];
    expect(shareList(undefined, first)).toBe(first);
  });
});
