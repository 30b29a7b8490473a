import { describe, expect, it } from 'vitest';
import { clickRow, EMPTY_SELECTION, keepVisible, selectAll, selectedInOrder, type Selection } from '../../client/src/screens/selection/rangeSelection';

const ROWS = ['a', 'b', 'c', 'd', 'e'];
const ids = (s: Selection) => [...s.ids].sort();

describe('ticking rows', () => {
  it('given nothing ticked, when a box is clicked, then that row is ticked and becomes the anchor; a second click unticks it', () => {
    const one = clickRow(EMPTY_SELECTION, 'b', ROWS, false);
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(ids(clickRow(one, 'b', ROWS, false))).toEqual([]);
  });

  it('given an anchor, when a row further down is shift-clicked, then every row between is ticked', () => {
    const anchored = clickRow(EMPTY_SELECTION, 'b', ROWS, false);
    const range = clickRow(anchored, 'd', ROWS, true);
    expect(ids(range)).toEqual(['b', 'c', 'd']);
    expect(range.anchor).toBe('b');
  });

  it('given an anchor, when a row above it is shift-clicked, then the range runs upwards', () => {
    const anchored = clickRow(EMPTY_SELECTION, 'd', ROWS, false);
    expect(ids(clickRow(anchored, 'a', ROWS, true))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('given an unticked anchor, when shift-clicking, then the range is unticked (the anchor state spreads)', () => {
    const all = selectAll(EMPTY_SELECTION, ROWS);
    const unticked = clickRow(all, 'b', ROWS, false);
    expect(ids(clickRow(unticked, 'd', ROWS, true))).toEqual(['a', 'e']);
  });

  it('given no anchor, when shift-clicking, then it acts as a plain click', () => {
    expect(ids(clickRow(EMPTY_SELECTION, 'c', ROWS, true))).toEqual(['c']);
  });

  it('given ticked rows, when some leave the screen, then they leave the selection (and the anchor with them)', () => {
    const s = clickRow(clickRow(EMPTY_SELECTION, 'a', ROWS, false), 'c', ROWS, false);
    const kept = keepVisible(s, ['a', 'b']);
    expect(ids(kept)).toEqual(['a']);
    expect(kept.anchor).toBeNull();
    // Nothing left the screen: the same selection, not a copy.
    expect(keepVisible(s, ROWS)).toBe(s);
  });

  it('given ticked rows, then they are worked in screen order', () => {
    const s = clickRow(clickRow(EMPTY_SELECTION, 'd', ROWS, false), 'a', ROWS, false);
    expect(selectedInOrder(s, ROWS)).toEqual(['a', 'd']);
  });
});
