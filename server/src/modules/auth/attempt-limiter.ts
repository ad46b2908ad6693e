/**
 * Counts sign-in attempts per key (an account, an IP) in fixed windows. In memory: each app server limits
 * on its own, which still bounds guessing to (servers × limit) per window. A shared store is the step up
 * when there are many servers.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 if it may try now. */
  retryAfterSeconds(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
  }

  record(key: string): void {
    const window = this.current(key) ?? { count: 0, resetAt: this.now() + this.windowMs };
    window.count += 1;
    this.windows.set(key, window);
    if (this.windows.size > 100_000) this.prune();
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune() {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
