import { existsSync } from 'node:fs';
import { CHROMIUM, GOOGLE_STAND_IN_PORT } from '../../../playwright.config';
import { startGoogleStandIn } from '../../support/googleStandIn';

/** Fails fast, naming the package, when the system Chromium is missing; starts the stand-ins the app is pointed at. */
export default async function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM}. Install Debian's package: apt-get update && apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to another Chromium binary).',
    );
  }
  const google = await startGoogleStandIn({ port: GOOGLE_STAND_IN_PORT });
  return async () => {
    await google.close();
  };
}
