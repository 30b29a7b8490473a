import { describe, expect, it } from 'vitest';
import { ApiError } from '../../client/src/api/client';
import { isHandledConflict } from '../../client/src/lib/logFailure';
import { choiceOf, withChoice } from '../../client/src/lib/perUser';
import { isBoardDensity } from '../../client/src/screens/deals/density';
import { locationLine } from '../../client/src/sign/locationLine';

describe('a choice remembered per user', () => {
  it("reads the signed-in user's own choice, not another user's", () => {
    const stored = withChoice({}, 'admin', 'compact');
    expect(choiceOf(stored, 'admin', isBoardDensity, 'comfortable')).toBe('compact');
    expect(choiceOf(stored, 'manager', isBoardDensity, 'comfortable')).toBe('comfortable');
  });

  it("keeps the other users' choices when one user changes theirs", () => {
    const stored = withChoice(withChoice({}, 'admin', 'compact'), 'manager', 'comfortable');
    expect(stored).toEqual({ admin: 'compact', manager: 'comfortable' });
  });

  it('falls back on a damaged store or a value that is not a choice', () => {
    expect(choiceOf('compact', 'admin', isBoardDensity, 'comfortable')).toBe('comfortable');
    expect(choiceOf(['compact'], 'admin', isBoardDensity, 'comfortable')).toBe('comfortable');
    expect(choiceOf({ admin: 'tiny' }, 'admin', isBoardDensity, 'comfortable')).toBe('comfortable');
    expect(withChoice(null, 'admin', 'compact')).toEqual({ admin: 'compact' });
  });
});

describe("the signing page's location line", () => {
  it('names a location once when its address starts with its name', () => {
    expect(locationLine({ name: '55 Broadway', address: '55 Broadway, New York, NY 10006', city: 'New York' })).toBe('55 Broadway, New York, NY 10006');
  });

  it('leads with the name when the address does not say it, and leaves the city to a full address', () => {
    expect(locationLine({ name: 'Vinegar Hill', address: '68 Hudson Avenue, Brooklyn, NY 11201', city: 'New York' })).toBe('Vinegar Hill, 68 Hudson Avenue, Brooklyn, NY 11201');
  });

  it('adds the city to a bare street, and to a name without an address', () => {
    expect(locationLine({ name: 'Center City', address: '1735 Walnut Street', city: 'Philadelphia' })).toBe('Center City, 1735 Walnut Street, Philadelphia');
    expect(locationLine({ name: 'East Austin', address: '', city: 'Austin' })).toBe('East Austin, Austin');
    expect(locationLine({ name: 'Austin', address: '', city: 'Austin' })).toBe('Austin');
  });
});

describe('failures worth logging', () => {
  it('a conflict the screen explains is not; other refusals and failures are', () => {
    expect(isHandledConflict(new ApiError(409, 'Jordan Lee changed this office since you opened it.'))).toBe(true);
    expect(isHandledConflict(new ApiError(400, 'Office number is required'))).toBe(false);
    expect(isHandledConflict(new ApiError(0, 'Failed to fetch'))).toBe(false);
    expect(isHandledConflict(new Error('boom'))).toBe(false);
  });
});
