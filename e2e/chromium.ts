// The browser tests start Chromium exactly as the server does for PDFs (one resolution rule).
export { launchChromium, resolveChromium } from '../server/src/platform/pdf/chromium';
