import { describe, expect, it } from 'vitest';
import { effectiveLocation } from '../../client/src/shell/locationAtoms';
import type { Location } from '@shared/schemas/locations';

const loc = (id: string) => ({ id, name: id }) as Location;
const user = { id: 'u1', primary_location: 'l1' };

describe('location selector choice', () => {
  it("starts from the user's primary location", () => {
    expect(effectiveLocation(null, user, [loc('l1'), loc('l2')], true)).toBe('l1');
  });

  it('keeps a stored choice of the same user', () => {
    expect(effectiveLocation({ userId: 'u1', value: 'l2' }, user, [loc('l1'), loc('l2')], true)).toBe('l2');
    expect(effectiveLocation({ userId: 'u1', value: 'All Locations' }, user, [loc('l1')], true)).toBe('All Locations');
  });

  it("ignores another user's stored choice", () => {
    expect(effectiveLocation({ userId: 'u2', value: 'l2' }, user, [loc('l1'), loc('l2')], true)).toBe('l1');
  });

  it('falls back when the stored or primary location is no longer visible', () => {
    expect(effectiveLocation({ userId: 'u1', value: 'gone' }, user, [loc('l1')], true)).toBe('l1');
    expect(effectiveLocation(null, { id: 'u1', primary_location: 'gone' }, [loc('l1')], true)).toBe('All Locations');
  });

  it('trusts the stored choice until the locations have loaded', () => {
    expect(effectiveLocation({ userId: 'u1', value: 'l9' }, user, [], false)).toBe('l9');
  });
});
