import type { Metric, Registry } from 'prom-client';

/** Bucket bounds of http_request_duration_seconds, in seconds (prom-client's defaults). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type Labels = { method: string; route: string; status: string };

interface Series {
  labels: Labels;
  count: number;
  sum: number;
  /** Observations per bucket, not cumulated (cumulated when scraped). */
  buckets: number[];
}

interface Sample {
  metricName?: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * http_requests_total and http_request_duration_seconds, kept as plain numbers per series. Why
 * not prom-client's Counter and Histogram: every inc() and observe() hashes its label object,
 * 1-5 µs each on these machines, together several percent of a cheap API request; here a
 * request costs one Map lookup and a few additions. The registry prints any metric from its
 * `name` and `get()`, so the text format is prom-client's own.
 */
export class RequestMetrics {
  private readonly series = new Map<string, Series>();

  constructor(registry: Registry) {
    const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]) => ({
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    });
    const requests = metric('http_requests_total', 'HTTP requests answered, by method, route template and status', 'counter', () =>
      [...this.series.values()].map((s) => ({ labels: s.labels, value: s.count })),
    );
    const duration = metric('http_request_duration_seconds', 'Time from the request to the end of its answer, by method, route template and status', 'histogram', () =>
      [...this.series.values()].flatMap((s) => this.histogram(s)),
    );
    // The registry reads only name, type and get() (see Registry.getMetricsAsString); its type
    // names the four classes, which would record each observation the slow way.
    registry.registerMetric(requests as unknown as Metric);
    registry.registerMetric(duration as unknown as Metric);
  }

  record(method: string, route: string, status: string, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = { labels: { method, route, status }, count: 0, sum: 0, buckets: DURATION_BUCKETS.map(() => 0) }));
    s.count++;
    s.sum += seconds;
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= DURATION_BUCKETS[i]!) {
        s.buckets[i]!++;
        break;
      }
    }
  }

  private histogram(s: Series): Sample[] {
    const name = 'http_request_duration_seconds';
    let cumulated = 0;
    const out: Sample[] = DURATION_BUCKETS.map((le, i) => {
      cumulated += s.buckets[i]!;
      return { metricName: `${name}_bucket`, labels: { ...s.labels, le: String(le) }, value: cumulated };
    });
    out.push({ metricName: `${name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
    out.push({ metricName: `${name}_sum`, labels: s.labels, value: s.sum });
    out.push({ metricName: `${name}_count`, labels: s.labels, value: s.count });
    return out;
  }
}
