/** Constants named by the product spec, shared by client and server. */

export const ROLES = ['viewer', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'viewer';

/** The client's location-filter sentinel; never a real location. */
export const ALL_LOCATIONS = 'All Locations';

/** Fallback list the client shows when the locations call fails (spec part 1, section 8). */
export const FALLBACK_LOCATION_NAMES = [
  '55 Broadway',
  '60 Broad',
  'East Austin',
  'Greenpoint',
  'Vinegar Hill',
  'Bushwick',
  'Center City',
  'Market Street',
] as const;

/** Local storage key for the bearer token (spec part 1, section 9). */
export const TOKEN_STORAGE_KEY = 'token';

export const PRODUCT_NAME = 'FlexSpace';
export const PRODUCT_SUBTITLE = 'Operations Platform';
export const PRODUCT_VERSION = '2.0';
