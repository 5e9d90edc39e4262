import * as mupdf from 'mupdf';

// What a PDF reader finds in a file, read with MuPDF (npm mupdf, Artifex's WebAssembly build; a
// test-only tool, AGPL, never shipped with the product: docs/decisions.md). MuPDF honours the
// /ActualText spans Chromium writes around shaped Thai clusters (a tone mark moved above a vowel,
// sara am split in two), so the text comes back as it was typed. pdf.js ignores them and reads
// such clusters as U+0000.

export interface PdfText {
  pages: number;
  /** Each page's text, a line per line of the page. */
  text: string[];
  /** Each page's width and height in points (A4: 595 x 842). */
  sizes: [number, number][];
  /** The names of the fonts embedded in the file, subset prefixes removed (e.g. Sarabun-Regular). */
  fonts: string[];
}

export function readPdf(bytes: Uint8Array): PdfText {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const text: string[] = [];
    const sizes: [number, number][] = [];
    for (let n = 0; n < doc.countPages(); n++) {
      const page = doc.loadPage(n);
      text.push(page.toStructuredText('preserve-whitespace').asText());
      const [x0, y0, x1, y1] = page.getBounds();
      sizes.push([Math.round(x1 - x0), Math.round(y1 - y0)]);
    }
    const latin1 = Buffer.from(bytes).toString('latin1');
    const fonts = [
      ...new Set(
        [...latin1.matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([A-Za-z0-9-]+)/g)].map((m) => m[1] as string),
      ),
    ];
    return { pages: doc.countPages(), text, sizes, fonts };
  } finally {
    doc.destroy();
  }
}

/** The first page as a PNG, to look at (shaping, layout) when writing or reviewing a document. */
export function firstPagePng(bytes: Uint8Array, dpi = 110): Uint8Array {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const page = doc.loadPage(0);
    const scale = dpi / 72;
    return page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true).asPNG();
  } finally {
    doc.destroy();
  }
}
