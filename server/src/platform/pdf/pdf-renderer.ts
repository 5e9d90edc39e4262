import type { Browser } from 'playwright-core';
import type { PdfConfig } from '../config';
import type { Logger } from '../logger';
import type { PdfObserver } from '../metrics/metrics';
import { launchChromium } from './chromium';
import { sarabunFontFaces } from './fonts';

// HTML to PDF through headless Chromium (playwright-core): one browser per process, started on the
// first render and kept; a fresh context per render; at most `concurrency` renders at a time. The
// page may not load anything: every request but data: URLs is refused, so a document's text (a
// donor's name, a remark) can never make the server fetch a URL, and a render works offline.

export interface PdfPage {
  /** The body's HTML: the caller escapes every value it puts in (escapeHtml). */
  body: string;
  /** The document's own CSS; Sarabun is always available as font-family 'Sarabun'. */
  css?: string;
  title: string;
  /** html lang: 'th' unless the document is in English. */
  lang?: 'th' | 'en';
}

const BASE_CSS = `
@page { size: A4; margin: 18mm 16mm; }
html { font-family: 'Sarabun', sans-serif; font-size: 15px; color: #000; }
body { margin: 0; }
`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A value as HTML text. */
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly config: PdfConfig,
    private readonly log?: Logger,
    private readonly observer?: PdfObserver,
  ) {}

  /** The complete HTML document a page is printed from (also what the browser print view can show). */
  static html(page: PdfPage): string {
    return `<!doctype html><html lang="${page.lang ?? 'th'}"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title><style>${sarabunFontFaces()}\n${BASE_CSS}\n${page.css ?? ''}</style></head><body>${page.body}</body></html>`;
  }

  async render(page: PdfPage): Promise<Buffer> {
    await this.slot();
    const started = performance.now();
    let ok = false;
    try {
      const browser = await this.started();
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      try {
        await context.route('**/*', (route) =>
          route.request().url().startsWith('data:') ? route.continue() : route.abort(),
        );
        const tab = await context.newPage();
        await tab.setContent(PdfRenderer.html(page), { waitUntil: 'load' });
        // The fonts are data: URLs; wait until they are decoded before printing.
        await tab.evaluate('document.fonts.ready.then(() => true)');
        const pdf = await tab.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
        ok = true;
        return pdf;
      } finally {
        await context.close();
      }
    } finally {
      this.observer?.rendered((performance.now() - started) / 1000, ok);
      this.release();
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private started(): Promise<Browser> {
    if (!this.browser) {
      const launching = launchChromium(this.config.chromiumPath);
      this.browser = launching;
      launching.then(
        (browser) => {
          this.log?.info('pdf: chromium started');
          // A crashed browser is started again by the next render.
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          });
        },
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  private async slot(): Promise<void> {
    if (this.running < Math.max(1, this.config.concurrency)) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
