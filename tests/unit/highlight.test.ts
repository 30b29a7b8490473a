import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../client/src/shell/highlight';

const marked = (label: string, query: string) =>
  highlightParts(label, query)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('highlighting the words typed in a label', () => {
  it('given a word found inside the label, then that run is marked whatever its case', () => {
    expect(highlightParts('Office 301', 'off')).toEqual([
      { text: 'Off', match: true },
      { text: 'ice 301', match: false },
    ]);
    expect(marked('The Xylowind expansion', 'XYLO')).toBe('The [Xylo]wind expansion');
  });

  it('given several words, then each is marked, every time it occurs', () => {
    expect(marked('Fix lamp, then fix door', 'fix door')).toBe('[Fix] lamp, then [fix] [door]');
  });

  it('given overlapping or touching words, then they form one marked run', () => {
    expect(marked('Broadway', 'broad road way')).toBe('[Broadway]');
  });

  it('given nothing typed or nothing found, then nothing is marked and the label is whole', () => {
    expect(highlightParts('Greenpoint', '   ')).toEqual([{ text: 'Greenpoint', match: false }]);
    expect(marked('Greenpoint', 'zzz')).toBe('Greenpoint');
    expect(highlightParts('', 'a')).toEqual([]);
  });

  it('given characters special to patterns, then they are taken literally', () => {
    expect(marked('50%_OFF (a.b)', '%_ .b)')).toBe('50[%_]OFF (a[.b)]');
  });
});
