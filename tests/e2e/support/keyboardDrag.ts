import type { Page } from '@playwright/test';

/**
 * dnd-kit's keyboard sensor starts listening for the arrows in a timeout after the pick-up: a
 * timeout queued after it in the page has run once the sensor listens (a person is never faster).
 */
export const sensorListening = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
