import { type BrowserServer, chromium } from 'playwright-core';
import { resolveChromium } from '../server/src/platform/pdf/chromium';

// The browser tests start Chromium by the server's own rule (platform/pdf/chromium.ts: CHROMIUM_PATH,
// else /usr/bin/chromium, else the @sparticuz/chromium npm package).
export { launchChromium, resolveChromium } from '../server/src/platform/pdf/chromium';

/**
 * One Chromium for the whole run, served over a WebSocket: test files connect to it
 * (`chromium.connect(wsEndpoint)`) and each test opens its own context in it.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  const { executablePath, args } = await resolveChromium();
  return chromium.launchServer({ executablePath, args, headless: true });
}
