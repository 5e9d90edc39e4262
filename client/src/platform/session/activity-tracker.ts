// Key, mouse and touch (specification sec. 9); scrolling with the wheel is mouse use too.
const ACTIVITY_EVENTS = ['keydown', 'mousedown', 'mousemove', 'wheel', 'touchstart'] as const;

/** Remembers when the person last used the keyboard, mouse or touch screen on this page. */
export class ActivityTracker {
  private lastActivityAt: number | null = null;

  constructor(
    private readonly target: EventTarget,
    private readonly now: () => number,
  ) {}

  private readonly onActivity = (): void => {
    this.lastActivityAt = this.now();
  };

  start(): void {
    for (const type of ACTIVITY_EVENTS) {
      this.target.addEventListener(type, this.onActivity, { capture: true, passive: true });
    }
  }

  stop(): void {
    for (const type of ACTIVITY_EVENTS)
      this.target.removeEventListener(type, this.onActivity, { capture: true });
  }

  /** Epoch ms of the last activity, or null when there was none since start. */
  get last(): number | null {
    return this.lastActivityAt;
  }

  /** Whether anything happened after `time` (epoch ms). */
  activeSince(time: number): boolean {
    return this.lastActivityAt !== null && this.lastActivityAt > time;
  }
}
