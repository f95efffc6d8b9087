import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { MONEY_MOVEMENTS, type BotMetrics } from './metrics.js';

/** Options of {@link createMetrics}. */
export interface CreateMetricsOptions {
  /**
   * Also collect Node's process metrics (event-loop delay `nodejs_eventloop_lag_*`, heap, GC, CPU, RSS…).
   * Default false: they install process-wide monitors, so only the long-running bot process turns them on.
   */
  processMetrics?: boolean;
}

/**
 * Creates the app's Prometheus registry (its own, never the global one: two apps in one process, as in tests, never
 * mix figures) with every bot metric registered at zero.
 */
export function createMetrics(o: CreateMetricsOptions = {}): BotMetrics & { registry: Registry } {
  const registry = new Registry();
  if (o.processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const registers = [registry];
  const money = new Counter({ name: 'mediabot_money_micros_total', help: 'Money movements in micro-dollars (held, charged, released, refunded)', labelNames: ['movement'], registers });
  // Every movement is exposed at 0 from the start, so a rate() or an alert sees the series before the first job.
  for (const movement of MONEY_MOVEMENTS) money.inc({ movement }, 0);
  return {
    registry,
    jobsFinished: new Counter({ name: 'mediabot_jobs_finished_total', help: 'Jobs that reached a final status, by kind and status', labelNames: ['kind', 'status'], registers }),
    jobRetries: new Counter({ name: 'mediabot_job_retries_total', help: 'Video jobs put back for a later download or upload attempt', labelNames: ['status'], registers }),
    gatewayLatency: new Histogram({
      name: 'mediabot_gateway_request_duration_seconds',
      help: 'Gateway call duration (retries included), by endpoint and outcome',
      labelNames: ['endpoint', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180],
      registers,
    }),
    gatewayErrors: new Counter({ name: 'mediabot_gateway_errors_total', help: 'Failed gateway calls by endpoint and error kind', labelNames: ['endpoint', 'kind'], registers }),
    deliveries: new Counter({ name: 'mediabot_deliveries_total', help: 'Deliveries attempted by the poller (videos and kept results), by surface and outcome', labelNames: ['surface', 'outcome'], registers }),
    deliveryRetries: new Counter({ name: 'mediabot_delivery_retries_total', help: 'Delivery attempts after a failed one for the same job', labelNames: ['surface'], registers }),
    money,
    pollerLag: new Histogram({
      name: 'mediabot_poller_lag_seconds',
      help: 'How late due video jobs were claimed by the poller',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
  };
}
