import { describe, expect, it } from 'vitest';
import { ROLES } from '@shared/constants';
import { ROLE_LABELS } from '../../client/src/auth/roleLabels';
import { plural } from '../../client/src/lib/plural';
import { changeSentence, reloadAdvice } from '../../client/src/live/changeSentence';

describe('counts in words', () => {
  it('given one, then the noun is singular; given none or many, plural', () => {
    expect(plural(1, 'desk')).toBe('1 desk');
    expect(plural(0, 'desk')).toBe('0 desks');
    expect(plural(2, 'desk')).toBe('2 desks');
    expect(plural(1250, 'office')).toBe('1,250 offices');
    expect(plural(1, 'company', 'companies')).toBe('1 company');
    expect(plural(3, 'company', 'companies')).toBe('3 companies');
  });
});

describe('the change notice', () => {
  it("given the server's 409, which already says to reload, then the line beside the Reload button does not say it again", () => {
    const message = 'Jordan Lee changed this office (marketed rates) since you opened it. Reload to see the change.';
    const words = `${message} ${reloadAdvice(message)}`;
    expect(words.match(/reload/gi)).toHaveLength(1);
    expect(reloadAdvice(message)).toBe('What you typed is kept.');
  });

  it('given a live change, which does not say it, then the line says to reload, once', () => {
    const message = changeSentence('Jordan Lee', 'office', ['marketed rates']);
    expect(`${message} ${reloadAdvice(message)}`.match(/reload/gi)).toHaveLength(1);
  });
});

describe('roles in words', () => {
  it('given each role, then it reads in one casing: Administrator, Manager, Viewer', () => {
    expect(ROLES.map((r) => ROLE_LABELS[r])).toEqual(['Viewer', 'Manager', 'Administrator']);
  });
});
