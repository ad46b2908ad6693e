/** "No room to write": SQLite's SQLITE_FULL (the disk, or a size limit) and PostgreSQL's disk_full. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === '53100';
}

/**
 * Whether this process's writes are failing for lack of storage, for /readyz and System Status: from a write
 * that fails so until one commits. Reads go on meanwhile, so a ping alone would call the server healthy.
 *
 * A failure is forgotten after `forgetAfterMs` even if nothing was written since: a server that a load balancer
 * took out of rotation gets no writes, and would otherwise never find out that the disk has room again.
 */
export class WriteHealth {
  private failure: { error: Error; at: number } | undefined;

  constructor(
    private readonly forgetAfterMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  failed(error: unknown) {
    if (isStorageFull(error)) this.failure = { error: error as Error, at: this.now() };
  }

  committed() {
    this.failure = undefined;
  }

  /** The error the last write failed with, while writes are failing for lack of storage. */
  get failing(): Error | undefined {
    if (this.failure && this.now() - this.failure.at > this.forgetAfterMs) this.failure = undefined;
    return this.failure?.error;
  }
}
