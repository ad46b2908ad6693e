import { Gauge, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, served at /metrics. Each process reports its own figures (a scraper
 * adds them up across processes); database-wide figures are read from the database when scraped.
 */
export const metricsRegistry = new Registry();

/** Browsers holding a live notification stream (GET /api/notifications/stream) open on this process. */
export const sseConnections = new Gauge({
  name: 'meridian_sse_connections',
  help: 'Open server-sent event streams on this process',
  registers: [metricsRegistry],
});
