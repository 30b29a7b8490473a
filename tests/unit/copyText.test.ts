import { describe, expect, it } from 'vitest';
import { copyField, copyLine, SCALAR, type ColumnKind } from '../../projections/engine/copyText';

const JSON_KIND: ColumnKind = { kind: 'json' };
const ARRAY: ColumnKind = { kind: 'array', element: SCALAR };

describe("COPY's text format of a folded row's values", () => {
  it('given null or a missing value, then it is \\N', () => {
    expect(copyField(null, SCALAR)).toBe('\\N');
    expect(copyField(undefined, JSON_KIND)).toBe('\\N');
    expect(copyField(null, ARRAY)).toBe('\\N');
  });

  it('given a string with tab, newline, carriage return and backslash, then each is escaped and quotes stay', () => {
    expect(copyField('a\tb\nc\rd\\e "f" \'g\'', SCALAR)).toBe('a\\tb\\nc\\rd\\\\e "f" \'g\'');
    expect(copyField('\\N', SCALAR)).toBe('\\\\N');
  });

  it('given numbers and booleans, then their own text; non-finite numbers are NULL as through JSON', () => {
    expect(copyField(42, SCALAR)).toBe('42');
    expect(copyField(-0.5, SCALAR)).toBe('-0.5');
    expect(copyField(Number.NaN, SCALAR)).toBe('\\N');
    expect(copyField(true, SCALAR)).toBe('true');
    expect(copyField(false, SCALAR)).toBe('false');
  });

  it('given dates and timestamps, then ISO text (as strings, or from a Date)', () => {
    expect(copyField('2025-02-01', SCALAR)).toBe('2025-02-01');
    expect(copyField('2025-02-01T10:00:00.000Z', SCALAR)).toBe('2025-02-01T10:00:00.000Z');
    expect(copyField(new Date('2025-02-01T10:00:00Z'), SCALAR)).toBe('2025-02-01T10:00:00.000Z');
  });

  it('given an array with commas, quotes, braces, backslashes and null elements, then a quoted literal, escaped for COPY', () => {
    expect(copyField([], ARRAY)).toBe('{}');
    expect(copyField(['a,b', 'say "hi"', '{x}', null, 'back\\slash'], ARRAY)).toBe(
      '{"a,b","say \\\\"hi\\\\"","{x}",NULL,"back\\\\\\\\slash"}',
    );
    expect(copyField([1, 2], ARRAY)).toBe('{"1","2"}');
    expect(copyField([[1], [2]], ARRAY)).toBe('{{"1"},{"2"}}');
  });

  it('given jsonb with nested quotes, backslashes and newlines, then its JSON text, escaped for COPY', () => {
    expect(copyField({ note: 'say "hi"\n', n: [1, null] }, JSON_KIND)).toBe('{"note":"say \\\\"hi\\\\"\\\\n","n":[1,null]}');
    expect(copyField('text', JSON_KIND)).toBe('"text"');
    expect(copyField(false, JSON_KIND)).toBe('false');
  });

  it('given an object in a non-json column, then its JSON text, as jsonb_populate_recordset hands it over', () => {
    expect(copyField({ a: 1 }, SCALAR)).toBe('{"a":1}');
  });

  it('given a row, then its fields in column order, tab-separated, ending the line', () => {
    expect(copyLine({ b: 'x', a: null }, ['a', 'b'], [SCALAR, SCALAR])).toBe('\\N\tx\n');
  });
});
