/**
 * Opens the browser's print dialog for a complete HTML page (a receipt's print view), in a hidden
 * frame of this page: no new window for pop-up blockers to stop, and the page's own print styles
 * (A4) apply. The frame goes once the dialog has closed.
 */
export function printHtml(html: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  frame.addEventListener('load', () => {
    const view = frame.contentWindow;
    if (!view) return;
    view.addEventListener('afterprint', () => frame.remove());
    view.focus();
    view.print();
  });
  frame.srcdoc = html;
  document.body.append(frame);
}

/** The file name a response's Content-Disposition gives (RFC 5987 filename* first), or the fallback. */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed header: the plain name or the fallback.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}
