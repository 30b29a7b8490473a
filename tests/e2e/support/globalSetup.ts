import { existsSync } from 'node:fs';
import { CHROMIUM, E2E_SERVERS, serverPorts } from '../../../playwright.config';
import { startGoogleStandIn } from '../../support/googleStandIn';

/** Fails fast, naming the package, when the system Chromium is missing; starts the stand-ins the apps are pointed at, one per server. */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM}. Install Debian's package: apt-get update && apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to another Chromium binary).',
    );
  }
  const googles = await Promise.all(Array.from({ length: E2E_SERVERS }, (_, index) => startGoogleStandIn({ port: serverPorts(index).google })));
  return async () => {
    await Promise.all(googles.map((google) => google.close()));
  };
}
