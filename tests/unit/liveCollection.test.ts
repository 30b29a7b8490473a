import { describe, expect, it } from 'vitest';
import { applyChanges, applyRow, emptyCollection, mergeSnapshot, removeRow, rowsOf } from '../../client/src/live/collection';

interface Row {
  id: string;
  version: number;
  name: string;
  updated_at?: string;
  location?: string;
}
const row = (id: string, version: number, name = `${id}@${version}`, location = 'A'): Row => ({ id, version, name, location });
const touch = { at: 1234, by: 'Dana Admin', own: false };

describe('entity cache merge', () => {
  it('applies a newer version and ignores a repeated or older one', () => {
    let c = applyRow(emptyCollection<Row>(), row('a', 2));
    c = applyRow(c, row('a', 3, 'newest'));
    const same = applyRow(c, row('a', 3, 'repeated'));
    const late = applyRow(c, row('a', 1, 'late'));
    expect(same).toBe(c);
    expect(late).toBe(c);
    expect(c.byId.a?.name).toBe('newest');
  });

  it('keeps a deleted row deleted, whatever arrives late', () => {
    let c = applyRow(emptyCollection<Row>(), row('a', 1));
    c = removeRow(c, 'a');
    expect(rowsOf(c)).toEqual([]);
    c = applyRow(c, row('a', 9));
    expect(rowsOf(c)).toEqual([]);
  });

  it('takes a row out of view when it leaves, and back when a newer copy returns', () => {
    let c = applyRow(emptyCollection<Row>(), row('a', 3));
    c = removeRow(c, 'a', { version: 4, updated_at: '' });
    expect(rowsOf(c)).toEqual([]);
    // A copy loaded before it left arrives late: it stays out.
    expect(applyRow(c, row('a', 4))).toBe(c);
    // It moved back in a later change.
    c = applyRow(c, row('a', 5, 'back'));
    expect(c.byId.a?.name).toBe('back');
    expect(c.removed.a).toBeUndefined();
  });

  it('ignores a late removal when a newer copy is already held', () => {
    let c = applyRow(emptyCollection<Row>(), row('a', 6, 'moved back'));
    c = removeRow(c, 'a', { version: 5, updated_at: '' });
    expect(c.byId.a?.name).toBe('moved back');
  });

  it('records who changed a row and whether it was this tab', () => {
    const c = applyRow(emptyCollection<Row>(), row('a', 1), touch);
    expect(c.touched).toEqual({ a: touch });
    expect(applyRow(emptyCollection<Row>(), row('a', 1)).touched).toEqual({});
  });

  it('merges a snapshot keeping the newer of pushed and loaded rows', () => {
    let c = applyRow(emptyCollection<Row>(), row('a', 5, 'pushed'));
    c = mergeSnapshot(c, [row('a', 4, 'loaded'), row('b', 1)]);
    expect(c.byId.a?.name).toBe('pushed');
    expect(c.byId.b?.version).toBe(1);
    c = mergeSnapshot(c, [row('a', 6, 'loaded later')]);
    expect(c.byId.a?.name).toBe('loaded later');
  });

  it('drops rows of its scope a snapshot lacks, unless pushed while it loaded', () => {
    let c = mergeSnapshot(emptyCollection<Row>(), [row('a', 1), row('b', 1)]);
    c = applyRow(c, row('c', 1), touch);
    const next = mergeSnapshot(c, [row('a', 1)], () => true, new Set(['c']));
    expect(Object.keys(next.byId).sort()).toEqual(['a', 'c']);
  });

  it('never shrinks rows outside its scope: a narrow query leaves other screens alone', () => {
    let c = mergeSnapshot(emptyCollection<Row>(), [row('a', 1, 'a', 'A'), row('b', 1, 'b', 'B'), row('c', 1, 'c', 'B')]);
    // A dialog loads location A only.
    c = mergeSnapshot(c, [row('a', 2, 'a', 'A')], (r) => r.location === 'A');
    expect(Object.keys(c.byId).sort()).toEqual(['a', 'b', 'c']);
    expect(c.byId.a?.version).toBe(2);
  });

  it('never lets a snapshot bring back a deleted row', () => {
    let c = mergeSnapshot(emptyCollection<Row>(), [row('a', 1)]);
    c = removeRow(c, 'a');
    expect(rowsOf(mergeSnapshot(c, [row('a', 1)]))).toEqual([]);
  });
});

describe('rows that change without their own stream moving', () => {
  const at = (id: string, version: number, updated_at: string, name: string): Row => ({ id, version, updated_at, name });

  it('applies the same version when it changed later, and never an earlier one', () => {
    let c = applyRow(emptyCollection<Row>(), at('a', 2, '2026-11-22T10:00:00.000Z', 'Acme'));
    c = applyRow(c, at('a', 2, '2026-11-22T10:05:00.000Z', 'Acme Renamed'));
    expect(c.byId.a?.name).toBe('Acme Renamed');
    const late = applyRow(c, at('a', 2, '2026-11-22T10:00:00.000Z', 'Acme'));
    expect(late).toBe(c);
    const repeated = applyRow(c, at('a', 2, '2026-11-22T10:05:00.000Z', 'Acme Renamed'));
    expect(repeated).toBe(c);
  });
});

describe('a batch of pushed changes', () => {
  it('ends where the same changes applied one by one end, in one copy', () => {
    // Given a collection and a burst of changes: a new row, a newer copy, a late copy, a removal, a deletion
    let start = applyRow(emptyCollection<Row>(), row('a', 1));
    start = applyRow(start, row('b', 1));
    start = applyRow(start, row('c', 1));
    const changes = [
      { id: 'd', row: row('d', 1), touch },
      { id: 'a', row: row('a', 2, 'newer'), touch },
      { id: 'a', row: row('a', 1, 'late') },
      { id: 'b', row: null, removed_at: { version: 2, updated_at: '' } },
      { id: 'c', row: null },
      { id: 'c', row: row('c', 9) },
    ];
    // When applied as one batch
    const batched = applyChanges(start, changes);
    // Then it is what applyRow and removeRow give one after another
    let single = start;
    for (const change of changes) single = change.row ? applyRow(single, change.row, change.touch) : removeRow(single, change.id, change.removed_at);
    expect(batched).toEqual(single);
    expect(rowsOf(batched).map((r) => r.name)).toEqual(['newer', 'd@1']);
    expect(batched.touched.d).toBe(touch);
    expect(start.byId.a?.name).toBe('a@1');
  });

  it('returns the same collection when nothing in the batch is newer', () => {
    const c = applyRow(emptyCollection<Row>(), row('a', 3));
    expect(applyChanges(c, [{ id: 'a', row: row('a', 2) }, { id: 'a', row: row('a', 3) }])).toBe(c);
    expect(applyChanges(c, [])).toBe(c);
  });
});
