import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, served at /metrics. Each process reports its own request figures (a
 * scraper adds them up across processes); database-wide figures (ledger entries, job lag) are read from the
 * database when scraped, so every process reports the same for those.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'meridian_' });

/** Browsers holding a live notification stream (GET /api/notifications/stream) open on this process. */
export const sseConnections = new Gauge({
  name: 'meridian_sse_connections',
  help: 'Open server-sent event streams on this process',
  registers: [metricsRegistry],
});

/** By the matched route pattern (never the raw URL, which would carry ids and explode the label set). */
export const httpDuration = new Histogram({
  name: 'meridian_http_request_duration_seconds',
  help: 'HTTP request duration by method, route and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

export const ledgerEntries = new Gauge({
  name: 'meridian_ledger_entries',
  help: 'Journal entries in the ledger',
  registers: [metricsRegistry],
});

export const jobLag = new Gauge({
  name: 'meridian_job_lag_seconds',
  help: 'Seconds since a job last finished, beyond its interval (0 = on time)',
  labelNames: ['job'] as const,
  registers: [metricsRegistry],
});

/**
 * SQLite's WAL under the background checkpointer (db/wal-checkpointer.ts), labelled `database="sqlite"` so
 * that a PostgreSQL server reports no samples rather than zeros. A WAL that keeps near its restart point, or
 * restarts climbing fast, means the thread is not keeping up; `up` 0 means the writer checkpoints again.
 */
export const sqliteCheckpoints = {
  up: new Gauge({
    name: 'meridian_sqlite_checkpoint_thread_up',
    help: 'Whether the background WAL checkpoint thread is running (1) or has failed (0)',
    labelNames: ['database'] as const,
    registers: [metricsRegistry],
  }),
  walFrames: new Gauge({
    name: 'meridian_sqlite_wal_frames',
    help: "Frames in the WAL at the checkpoint thread's last pass",
    labelNames: ['database'] as const,
    registers: [metricsRegistry],
  }),
  writerRestarts: new Gauge({
    name: 'meridian_sqlite_writer_wal_restarts',
    help: 'Times the writer restarted the WAL because the checkpoint thread had fallen behind, since start',
    labelNames: ['database'] as const,
    registers: [metricsRegistry],
  }),
};

/**
 * Credentials refused at the edge (plugins/auth-failures.ts): each unknown, expired or revoked API key or
 * session cookie, and each address that went past AUTH_FAILURES_PER_MINUTE in a window (its requests with
 * credentials then answer 429). A climbing `blocks` is someone guessing or replaying old credentials.
 */
export const authFailures = {
  refused: new Counter({
    name: 'meridian_auth_failures_total',
    help: 'Requests whose API key or session cookie was unknown, expired or revoked, by credential',
    labelNames: ['credential'] as const,
    registers: [metricsRegistry],
  }),
  blocks: new Counter({
    name: 'meridian_auth_failure_blocks_total',
    help: 'Times an address went past AUTH_FAILURES_PER_MINUTE failed authentications in a window',
    registers: [metricsRegistry],
  }),
};
