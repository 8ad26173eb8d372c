import { Hono } from 'hono';
import type { Metrics } from '../lib/metrics';

/** Prometheus's scrape endpoint, served on METRICS_PORT only, never beside the public API. */
export function metricsApp(metrics: Metrics) {
  return new Hono().get('/metrics', async (c) =>
    c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType }),
  );
}
