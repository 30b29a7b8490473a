import { existsSync } from 'node:fs';
import { CHROMIUM } from '../../../playwright.config';

/** Fails fast, naming the package, when the system Chromium is missing. */
export default function checkChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM}. Install Debian's package: apt-get update && apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to another Chromium binary).',
    );
  }
}
