import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

// The one place that finds and starts Chromium: receipts as PDF on the server, and the browser tests.

// Without these, Chromium tries to reach Google's services at start and on an offline machine
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

export interface ResolvedChromium {
  executablePath: string;
  args: string[];
  /** Where it came from, for the log. */
  source: string;
}

/** Chromium from CHROMIUM_PATH, else /usr/bin/chromium, else the @sparticuz/chromium npm package. */
export async function resolveChromium(
  configuredPath: string | undefined = process.env.CHROMIUM_PATH,
): Promise<ResolvedChromium> {
  if (configuredPath) return { executablePath: configuredPath, args: quietArgs, source: 'CHROMIUM_PATH' };
  if (existsSync('/usr/bin/chromium')) {
    return {
      executablePath: '/usr/bin/chromium',
      args: [...quietArgs, '--disable-gpu'],
      source: '/usr/bin/chromium',
    };
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  // The package's flags suit one-shot serverless runs; we keep several contexts open (no single
  // process) and keep the web's security model (pages must pass CSP and CORS as in use).
  const dropped = ['--single-process', '--disable-web-security', '--allow-running-insecure-content'];
  const args = packaged.args.filter((a) => !dropped.includes(a));
  return { executablePath, args: [...args, ...quietArgs], source: '@sparticuz/chromium' };
}

export async function launchChromium(configuredPath?: string): Promise<Browser> {
  const { executablePath, args } = await resolveChromium(configuredPath);
  // Loaded at the first PDF, not at the server's start (some 2–3 s of a start on a busy machine:
  // docs/start-and-memory.md).
  const { chromium } = await import('playwright-core');
  // Playwright would close the browser itself on SIGTERM, SIGINT or SIGHUP (and exit on SIGINT),
  // failing the renders in flight: the server closes it once it has drained (main.ts).
  return chromium.launch({
    executablePath,
    args,
    headless: true,
    handleSIGTERM: false,
    handleSIGINT: false,
    handleSIGHUP: false,
  });
}
