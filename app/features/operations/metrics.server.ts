/**
 * /metrics for operators (docs/decisions/0036-health-and-logs.md): the Prometheus text format,
 * written by hand (a few counters and gauges need no library). Request counters are this
 * process's own: with several workers, each scrape reaches one of them.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { DURATION_BUCKETS, requestCounters } from "~/utils/access-log";
import { env } from "~/utils/env.server";
import { operationalGauges } from "./health.server";

export type MetricsAccess = "open" | "not-configured" | "refused";

/** Whether a request may read /metrics: a Bearer token equal to METRICS_TOKEN, compared in constant time. */
export function metricsAccess(authorization: string | null): MetricsAccess {
  const token = env().METRICS_TOKEN;
  if (!token) return "not-configured";
  const match = /^Bearer (.+)$/.exec(authorization ?? "");
  if (!match) return "refused";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(match[1]), digest(token)) ? "open" : "refused";
}

/** A label value with Prometheus's escapes. */
const label = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

function metric(lines: string[], name: string, type: string, help: string, samples: string[]) {
  lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples);
}

/** The whole exposition: request histogram, process figures, outbox, failed steps, database size. */
export async function metricsText(now = new Date()): Promise<string> {
  const lines: string[] = [];
  const histogram: string[] = [];
  for (const c of requestCounters()) {
    const labels = `route="${label(c.route)}",method="${c.method}",status_class="${c.statusClass}"`;
    DURATION_BUCKETS.forEach((le, i) =>
      histogram.push(
        `inkwell_http_request_duration_seconds_bucket{${labels},le="${le}"} ${c.buckets[i]}`,
      ),
    );
    histogram.push(
      `inkwell_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${c.count}`,
      `inkwell_http_request_duration_seconds_sum{${labels}} ${c.sum}`,
      `inkwell_http_request_duration_seconds_count{${labels}} ${c.count}`,
    );
  }
  metric(
    lines,
    "inkwell_http_request_duration_seconds",
    "histogram",
    "Requests answered by this process, by Remix route id, method and status class.",
    histogram,
  );
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  metric(lines, "process_resident_memory_bytes", "gauge", "Resident memory.", [
    `process_resident_memory_bytes ${memory.rss}`,
  ]);
  metric(lines, "nodejs_heap_used_bytes", "gauge", "V8 heap in use.", [
    `nodejs_heap_used_bytes ${memory.heapUsed}`,
  ]);
  metric(lines, "process_cpu_seconds_total", "counter", "CPU time, user and system.", [
    `process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`,
  ]);
  metric(lines, "process_start_time_seconds", "gauge", "When this process started.", [
    `process_start_time_seconds ${Math.round(Date.now() / 1000 - process.uptime())}`,
  ]);
  const gauges = await operationalGauges(now);
  metric(lines, "inkwell_outbox_pending_events", "gauge", "Workflow events waiting for delivery.", [
    `inkwell_outbox_pending_events ${gauges.outbox.pending}`,
  ]);
  metric(
    lines,
    "inkwell_outbox_oldest_pending_seconds",
    "gauge",
    "Age of the oldest event waiting for delivery (0 when none).",
    [`inkwell_outbox_oldest_pending_seconds ${(gauges.outbox.oldestMinutes ?? 0) * 60}`],
  );
  metric(lines, "inkwell_outbox_failed_events", "gauge", "Events given up after their retries.", [
    `inkwell_outbox_failed_events ${gauges.outbox.givenUp}`,
  ]);
  metric(lines, "inkwell_lifecycle_failed_steps", "gauge", "Contest steps whose last run failed.", [
    `inkwell_lifecycle_failed_steps ${gauges.failedSteps}`,
  ]);
  metric(lines, "inkwell_database_size_bytes", "gauge", "The database's size on disk.", [
    `inkwell_database_size_bytes ${gauges.databaseBytes}`,
  ]);
  return `${lines.join("\n")}\n`;
}
