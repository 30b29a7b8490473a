import { describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/auth';
import type { Location } from '@shared/schemas/locations';
import { EditLocationForm, NewLocationForm } from '../../client/src/screens/settings/locationForms';
import { chosenTab, tabsFor } from '../../client/src/screens/settings/settingsTabs';
import { accessibleLocations, accessibleLocationsText, primaryLocationName } from '../../client/src/screens/settings/userLabels';
import { EditUserForm, NewUserForm, primaryAfter, userValuesOf } from '../../client/src/screens/settings/userForms';

const LOC1 = '5f0c3a1e-8d4b-4c7a-9f21-3b6e2d1c0a99';
const LOC2 = '6a1d4b2f-9e5c-4d8b-8a32-4c7f3e2d1b00';
const actor = (role: User['role']) => ({ id: 'u', role, locations: [] });
const user = (extra: Partial<User> = {}): User => ({
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  role: 'manager',
  locations: [LOC1],
  primary_location: LOC1,
  version: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const location = (id: string, name: string): Location => ({
  id, name, city: 'New York', address: `${name} Street`, manager: 'Pat', floors: [1], time_zone: 'America/New_York', opens_at: '07:00', closes_at: '22:00',
  version: 1, created_at: '', updated_at: '',
});
const LOCATIONS = [location(LOC1, '55 Broadway'), location(LOC2, 'Greenpoint')];

/** The message of each failing field, by path. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('the settings tabs', () => {
  it('open on User Management for administrators and on Integrations for managers', () => {
    expect(tabsFor(actor('admin')).map((t) => t.key)).toEqual(['users', 'locations', 'integrations', 'system']);
    expect(tabsFor(actor('viewer'))).toEqual([]);
    expect(chosenTab(actor('admin'), null)).toBe('users');
    expect(chosenTab(actor('manager'), null)).toBe('integrations');
  });

  it('offer a manager no System tab, which only administrators may use, even when the address asks for it', () => {
    expect(tabsFor(actor('manager')).map((t) => t.key)).toEqual(['locations', 'integrations']);
    expect(chosenTab(actor('manager'), 'system')).toBe('integrations');
  });

  it('take the tab the address asks for, unless the user may not see it', () => {
    expect(chosenTab(actor('admin'), 'system')).toBe('system');
    expect(chosenTab(actor('manager'), 'locations')).toBe('locations');
    expect(chosenTab(actor('manager'), 'users')).toBe('integrations');
    expect(chosenTab(actor('admin'), 'nonsense')).toBe('users');
  });
});

describe('the user list', () => {
  it('counts every location for administrators and for an empty list, else the list', () => {
    expect(accessibleLocationsText(accessibleLocations(user({ role: 'admin' }), LOCATIONS))).toBe('All locations (2)');
    expect(accessibleLocationsText(accessibleLocations(user({ locations: [] }), LOCATIONS))).toBe('All locations (2)');
    expect(accessibleLocations(user(), LOCATIONS)).toEqual({ all: false, count: 1, names: ['55 Broadway'] });
    expect(accessibleLocationsText({ all: false, count: 2 })).toBe('2 locations');
  });

  it('names the primary location, or says it is unknown', () => {
    const names = new Map(LOCATIONS.map((l) => [l.id, l.name]));
    expect(primaryLocationName(user(), names)).toBe('55 Broadway');
    expect(primaryLocationName(user({ primary_location: 'All Locations' }), names)).toBe('All Locations');
    expect(primaryLocationName(user({ primary_location: '00000000-0000-4000-8000-000000000000' }), names)).toBe('Unknown location');
  });
});

describe('the user dialogs', () => {
  const typed = { name: ' Casey ', email: 'Casey@Example.com', password: 'a-long-password', role: 'viewer' as const, locations: [LOC1, LOC2], primary_location: LOC2 };

  it('turn what was typed into the API body', () => {
    expect(NewUserForm.parse(typed)).toEqual({ ...typed, name: 'Casey', email: 'casey@example.com' });
  });

  it('name each missing field, and the server’s rule for short passwords', () => {
    expect(messages(NewUserForm.safeParse({ ...typed, name: '', email: '', password: ' ' }))).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(messages(NewUserForm.safeParse({ ...typed, password: 'short' }))).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('leave a blank password out of an edit', () => {
    const body = EditUserForm.parse(userValuesOf(user()));
    expect(body.password).toBeUndefined();
    expect(EditUserForm.parse({ ...userValuesOf(user()), password: 'a-new-password' }).password).toBe('a-new-password');
    expect(userValuesOf(user()).password).toBe('');
  });

  it('fall back to All Locations when the primary location is unticked', () => {
    expect(primaryAfter([LOC2], LOC1)).toBe('All Locations');
    expect(primaryAfter([LOC1, LOC2], LOC1)).toBe(LOC1);
    expect(primaryAfter([], LOC1)).toBe(LOC1);
    expect(primaryAfter([LOC2], 'All Locations')).toBe('All Locations');
  });
});

describe('the location dialogs', () => {
  const typed = { name: 'Dock 72', city: 'New York', address: '72 Dock Street', manager: 'Pat Doe', floors: '3, 4  5' };

  it('read floors as numbers separated by commas or spaces; empty is none', () => {
    expect(NewLocationForm.parse(typed).floors).toEqual([3, 4, 5]);
    expect(EditLocationForm.parse({ ...typed, floors: '' }).floors).toEqual([]);
  });

  it('refuse floors that are not whole numbers, or repeat', () => {
    expect(messages(NewLocationForm.safeParse({ ...typed, floors: '3, four' }))).toEqual({ floors: 'Floors must be whole numbers separated by commas, like 3, 4, 5' });
    expect(messages(NewLocationForm.safeParse({ ...typed, floors: '3, 3' }))).toEqual({ floors: 'Floors must not repeat' });
    expect(messages(NewLocationForm.safeParse({ ...typed, name: ' ' }))).toEqual({ name: 'Name is required' });
  });
});
