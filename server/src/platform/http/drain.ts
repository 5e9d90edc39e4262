/**
 * The requests a server process is answering, and its drain before it stops (SIGTERM, SIGINT;
 * docs/drain-and-outages.md): from `begin()` on, /readyz answers 503 so the proxy stops sending
 * work here, any new request is refused with SHUTTING_DOWN (503), and those already admitted run to
 * their end. `begin()` resolves once none is left.
 */
export class RequestDrain {
  private draining = false;
  private inFlight = 0;
  private readonly idle: (() => void)[] = [];

  /** True once the drain has begun. */
  get active(): boolean {
    return this.draining;
  }

  /** Requests admitted and not yet answered (or given up by their caller). */
  get pending(): number {
    return this.inFlight;
  }

  /** Counts an admitted request; the returned function ends it (once, however often called). */
  enter(): () => void {
    this.inFlight++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const done of this.idle.splice(0)) done();
    };
  }

  /** Refuses new requests from now on; resolves when the admitted ones have all been answered. */
  begin(): Promise<void> {
    this.draining = true;
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((done) => this.idle.push(done));
  }
}
