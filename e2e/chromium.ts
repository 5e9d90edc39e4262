import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium } from 'playwright-core';

// Without these, Chromium tries to reach Google's services at start and on this offline machine
// the connections are refused, many at a time.
const quietArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-dev-shm-usage',
  '--no-sandbox',
];

/** Chromium from CHROMIUM_PATH, else /usr/bin/chromium, else the @sparticuz/chromium npm package. */
export async function resolveChromium(): Promise<{ executablePath: string; args: string[]; source: string }> {
  if (process.env.CHROMIUM_PATH) {
    return { executablePath: process.env.CHROMIUM_PATH, args: quietArgs, source: 'CHROMIUM_PATH' };
  }
  if (existsSync('/usr/bin/chromium')) {
    return {
      executablePath: '/usr/bin/chromium',
      args: [...quietArgs, '--disable-gpu'],
      source: '/usr/bin/chromium',
    };
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  // The package's flags suit one-shot serverless runs; a test browser keeps several contexts open
  // (no single process) and keeps the web's security model (pages must pass CSP and CORS as in use).
  const dropped = ['--single-process', '--disable-web-security', '--allow-running-insecure-content'];
  const args = packaged.args.filter((a) => !dropped.includes(a));
  return { executablePath, args: [...args, ...quietArgs], source: '@sparticuz/chromium' };
}

export async function launchChromium(): Promise<Browser> {
  const { executablePath, args } = await resolveChromium();
  return chromium.launch({ executablePath, args, headless: true });
}

/**
 * One Chromium for the whole run, served over a WebSocket: test files connect to it
 * (`chromium.connect(wsEndpoint)`) and each test opens its own context in it.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  const { executablePath, args } = await resolveChromium();
  return chromium.launchServer({ executablePath, args, headless: true });
}
