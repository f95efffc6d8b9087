import type { Registry } from 'prom-client';

/** Label values of a metric with label names `L`. */
export type MetricLabels<L extends string> = Partial<Record<L, string | number>>;

/** What the bot's code does with a counter (prom-client's `Counter` fits it). */
export interface MetricCounter<L extends string> {
  inc(labels: MetricLabels<L>, value?: number): void;
}

/** What the bot's code does with a histogram (prom-client's `Histogram` fits it). */
export interface MetricHistogram<L extends string = never> {
  observe(value: number): void;
  /** Starts a timer; the returned function records the seconds since, with the labels given at either end. */
  startTimer(labels?: MetricLabels<L>): (labels?: MetricLabels<L>) => number;
}

/**
 * The bot's metrics. Names are prefixed `mediabot_`; money is counted in integer micro-dollars. Built by
 * `createMetrics` (src/ops/prometheus-metrics.ts: one prom-client registry per app) when something serves them, else
 * {@link silentMetrics}.
 */
export interface BotMetrics {
  /** The Prometheus registry `/metrics` reads; absent when nothing serves the metrics ({@link silentMetrics}). */
  registry: Registry | undefined;
  /** Jobs that reached a final status, by `kind` (imagine/edit/video/ask) and `status` (delivered, refunded, …). */
  jobsFinished: MetricCounter<'kind' | 'status'>;
  /** Video jobs put back for a later attempt (download or upload failed), by the status they stay in. */
  jobRetries: MetricCounter<'status'>;
  /** Gateway call duration in seconds, by `endpoint` and `outcome` (ok/error). */
  gatewayLatency: MetricHistogram<'endpoint' | 'outcome'>;
  /** Failed gateway calls by `endpoint` and normalized error `kind` (auth, rate_limited, upstream, timeout, …). */
  gatewayErrors: MetricCounter<'endpoint' | 'kind'>;
  /** Deliveries attempted through the poller (finished videos and kept image, edit and ask results), by `surface` (discord, telegram, console) and `outcome` (ok/transient/gone/too_large). */
  deliveries: MetricCounter<'surface' | 'outcome'>;
  /** Delivery attempts of a job whose previous attempt in this process failed, by `surface`. */
  deliveryRetries: MetricCounter<'surface'>;
  /** Money movements in micro-dollars, by `movement`: held, charged, released, refunded. */
  money: MetricCounter<'movement'>;
  /** How late the poller picked up due video jobs (now − next poll time), in seconds. */
  pollerLag: MetricHistogram;
}

/** The `movement` labels of {@link BotMetrics.money}, each exposed at zero before the first job. */
export const MONEY_MOVEMENTS = ['held', 'charged', 'released', 'refunded'] as const;

/**
 * Metrics that count nothing, for a process where nothing reads them (no `HEALTH_PORT`, so no `/metrics`): the bot
 * then never loads prom-client (about 80 modules with its tracing API; the idle bot measured ~5 MiB smaller).
 */
export function silentMetrics(): BotMetrics {
  const counter = { inc: () => undefined };
  const histogram = { observe: () => undefined, startTimer: () => () => 0 };
  return { registry: undefined, jobsFinished: counter, jobRetries: counter, gatewayLatency: histogram, gatewayErrors: counter, deliveries: counter, deliveryRetries: counter, money: counter, pollerLag: histogram };
}
