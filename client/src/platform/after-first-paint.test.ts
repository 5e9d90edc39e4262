import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

// jsdom has no Paint Timing: a stand-in observer the test reports the first paint through.
type Listener = (list: { getEntriesByName: (name: string) => unknown[] }) => void;
let listeners: Listener[] = [];
class FakeObserver {
  static supportedEntryTypes = ['paint'];
  constructor(private readonly listener: Listener) {}
  observe() {
    listeners.push(this.listener);
  }
  disconnect() {
    listeners = listeners.filter((l) => l !== this.listener);
  }
}
const paint = (name: string) => {
  for (const l of listeners) l({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
};

function page(root: string, languagePending = false) {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = `<div id="root">${root}</div>`;
  if (languagePending) doc.documentElement.setAttribute('data-language-pending', '');
  return doc;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  listeners = [];
});

describe('afterFirstPaint', () => {
  it('starts the app only once the prerendered page is painted, once', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const start = vi.fn();
    afterFirstPaint(start, { doc: page('<h1>น้ำใจ</h1>') });
    vi.advanceTimersByTime(1000);
    paint('first-paint');
    vi.advanceTimersByTime(10);
    expect(start).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(start).not.toHaveBeenCalled(); // in a task of its own
    vi.advanceTimersByTime(0);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after the fallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const start = vi.fn();
    afterFirstPaint(start, { doc: page('<h1>น้ำใจ</h1>'), fallbackMs: 3000 });
    vi.advanceTimersByTime(2999);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    expect(listeners).toHaveLength(0);
  });

  it('starts at once when there is nothing to paint first', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const empty = vi.fn();
    const english = vi.fn();
    afterFirstPaint(empty, { doc: page('') });
    afterFirstPaint(english, { doc: page('<h1>น้ำใจ</h1>', true) });
    vi.advanceTimersByTime(0);
    expect(empty).toHaveBeenCalledTimes(1);
    expect(english).toHaveBeenCalledTimes(1);
    expect(listeners).toHaveLength(0);
  });
});
