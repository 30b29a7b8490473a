import { describe, expect, it } from 'vitest';
import { newOnPath, shortcutFor, SHORTCUT_LIST, stageStep } from '../../client/src/shell/shortcuts/shortcutKeys';

const press = (key: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

describe('keyboard shortcuts', () => {
  it('given g, when followed by a letter, then it goes to that screen', () => {
    expect(shortcutFor(press('g'), false)).toEqual({ kind: 'pending' });
    expect(shortcutFor(press('o'), true)).toEqual({ kind: 'go', path: '/offices' });
    expect(shortcutFor(press('d'), true)).toEqual({ kind: 'go', path: '/' });
    expect(shortcutFor(press('p'), true)).toEqual({ kind: 'go', path: '/crm/deals' });
    expect(shortcutFor(press('t'), true)).toEqual({ kind: 'go', path: '/tasks' });
    expect(shortcutFor(press('x'), true)).toBeNull();
  });

  it('given a letter without g first, then it is not a go-to', () => {
    expect(shortcutFor(press('o'), false)).toBeNull();
  });

  it('given ?, n and /, then help, new and search', () => {
    expect(shortcutFor(press('?', { shiftKey: true }), false)).toEqual({ kind: 'help' });
    expect(shortcutFor(press('n'), false)).toEqual({ kind: 'new' });
    expect(shortcutFor(press('/'), false)).toEqual({ kind: 'search' });
  });

  it('given Ctrl, Cmd or Alt held, then no shortcut fires (the browser and the palette keep theirs)', () => {
    expect(shortcutFor(press('n', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutFor(press('g', { metaKey: true }), false)).toBeNull();
    expect(shortcutFor(press('o', { altKey: true }), true)).toBeNull();
  });

  it('given a screen, then n asks for what that screen adds, and nothing elsewhere', () => {
    expect(newOnPath('/crm/deals')).toBe('deal');
    expect(newOnPath('/crm')).toBe('deal');
    expect(newOnPath('/offices')).toBe('office');
    expect(newOnPath('/offices/123')).toBeNull();
    expect(newOnPath('/')).toBeNull();
  });

  it('given [ ] or Shift+arrows, then a step to the previous or next stage; plain arrows are the drag keys and not ours', () => {
    expect(stageStep(press('['))).toBe(-1);
    expect(stageStep(press(']'))).toBe(1);
    expect(stageStep(press('ArrowLeft', { shiftKey: true }))).toBe(-1);
    expect(stageStep(press('ArrowRight', { shiftKey: true }))).toBe(1);
    expect(stageStep(press('ArrowRight'))).toBeNull();
    expect(stageStep(press(']', { ctrlKey: true }))).toBeNull();
  });

  it('given the list the ? dialog shows, then every go-to is in it', () => {
    const goTo = SHORTCUT_LIST.find((s) => s.group === 'Go to')!;
    expect(goTo.items.map((i) => i.keys.join(' '))).toEqual(expect.arrayContaining(['g d', 'g o', 'g p', 'g t']));
  });
});
