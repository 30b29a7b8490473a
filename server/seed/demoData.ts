import type { LocationDetails } from '../../events/location/decider';

/** The operator's eight locations (All Locations is only the client's sentinel). */
export const DEMO_LOCATIONS: LocationDetails[] = [
  { name: '55 Broadway', city: 'New York', address: '55 Broadway, New York, NY 10006', manager: 'Maya Chen', floors: [3, 4, 5, 6], time_zone: 'America/New_York' },
  { name: '60 Broad', city: 'New York', address: '60 Broad Street, New York, NY 10004', manager: 'Daniel Okafor', floors: [8, 9, 10], time_zone: 'America/New_York' },
  { name: 'Vinegar Hill', city: 'New York', address: '68 Hudson Avenue, Brooklyn, NY 11201', manager: 'Sofia Alvarez', floors: [1, 2], time_zone: 'America/New_York' },
  { name: 'Greenpoint', city: 'New York', address: '1100 Manhattan Avenue, Brooklyn, NY 11222', manager: 'Liam O’Connor', floors: [1, 2, 3], time_zone: 'America/New_York' },
  { name: 'Bushwick', city: 'New York', address: '56 Bogart Street, Brooklyn, NY 11206', manager: 'Aisha Patel', floors: [2, 3], time_zone: 'America/New_York' },
  { name: 'Center City', city: 'Philadelphia', address: '1735 Walnut Street, Philadelphia, PA 19103', manager: 'Marcus Green', floors: [5, 6, 7], time_zone: 'America/New_York' },
  { name: 'Market Street', city: 'Philadelphia', address: '1500 Market Street, Philadelphia, PA 19102', manager: 'Emily Novak', floors: [12, 14], time_zone: 'America/New_York' },
  { name: 'East Austin', city: 'Austin', address: '2410 East Cesar Chavez Street, Austin, TX 78702', manager: 'Carlos Mendoza', floors: [1, 2, 3], time_zone: 'America/Chicago' },
];

/** Demo accounts share one password, shown on the sign-in page in demo mode only. */
export const DEMO_PASSWORD = 'flexspace-demo';

export const DEMO_USERS = {
  admin: { name: 'Alex Morgan', email: 'admin@flexspace.demo', role: 'admin' as const },
  // Limited to two locations, for trying the location rules.
  manager: {
    name: 'Jordan Lee',
    email: 'manager@flexspace.demo',
    role: 'manager' as const,
    locationNames: ['55 Broadway', '60 Broad'],
  },
  viewer: { name: 'Sam Rivera', email: 'viewer@flexspace.demo', role: 'viewer' as const },
};
