import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { METRIC, createRegistry } from "./registry.ts";

/**
 * promtool is not installed here: this is the check of deploy/'s Prometheus and Grafana files. Every family an alert
 * or a panel names must be one the API registers, so a renamed metric cannot leave an alert that never fires.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface Panel {
  title: string;
  datasource: { uid: string };
  targets: { expr: string }[];
}

/** Series Prometheus makes itself, which an alert may name besides the API's families. */
const PROMETHEUS_SERIES = new Set(["up"]);

async function registeredFamilies() {
  const { registry } = createRegistry({
    liveStreams: () => 0,
    answerCache: () => ({ hits: 0, misses: 0 }),
    poolUse: () => undefined,
    snapshot: async () => ({
      indexer: null,
      replica: null,
      queues: null,
      monitorLastRound: null,
      mail: null,
      webhooks: null,
      rewards: null,
    }),
  });
  return new Map((await registry.getMetricsAsJSON()).map((metric) => [metric.name, String(metric.type)]));
}

/** The families an expression names: a histogram's `_bucket`, `_sum` and `_count` series count as the histogram. */
function familiesOf(expr: string, registered: Map<string, string>) {
  return [...expr.matchAll(/\b(pli_[a-z0-9_]+|up)\b(?!\s*\()/g)].map(([, series]) => {
    const histogram = series!.replace(/_(bucket|sum|count)$/, "");
    return registered.get(histogram) === "histogram" ? histogram : series!;
  });
}

const rules = () =>
  (parse(read("deploy/prometheus/alerts.yml")) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

describe("deploy/prometheus and deploy/grafana", () => {
  it("alert on every condition the issue names, each rule complete and naming only registered families", async () => {
    const registered = await registeredFamilies();
    const byName = new Map(rules().map((rule) => [rule.alert, rule]));
    const watched: Record<string, string> = {
      IndexerLagging: METRIC.indexerLag,
      AnalystReplicaLagging: METRIC.replicaLagSeconds,
      ApiServerErrors: METRIC.httpRequests,
      MailBacklog: METRIC.mailOldestPending,
      WebhookDeliveriesStuck: METRIC.webhookOldestDue,
      NodeMonitorStalled: METRIC.monitorLastRound,
      RewardPoolShort: METRIC.incentivesUnpaid,
      ScheduledJobFailing: METRIC.schedulerLastRunFailed,
    };
    for (const [alert, family] of Object.entries(watched))
      expect(familiesOf(byName.get(alert)?.expr ?? "", registered), alert).toContain(family);
    expect(byName.get("IndexerLagging")).toMatchObject({ for: "10m" });
    expect(byName.get("NodeMonitorStalled")?.expr).toContain("> 1800");
    for (const rule of rules()) {
      const named = familiesOf(rule.expr, registered);
      expect(named.length, `${rule.alert} names a family`).toBeGreaterThan(0);
      for (const family of named)
        expect(registered.has(family) || PROMETHEUS_SERIES.has(family), `${rule.alert}: ${family}`).toBe(true);
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(rule.labels?.severity, rule.alert).toMatch(/^(warning|critical)$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
  });

  it("scrape the API replicas and the indexer, with the rules mounted where Prometheus reads them", () => {
    const config = parse(read("deploy/prometheus/prometheus.yml")) as {
      rule_files: string[];
      scrape_configs: {
        job_name: string;
        metrics_path: string;
        authorization?: { credentials_file: string };
        dns_sd_configs?: { names: string[]; port: number }[];
        static_configs?: { targets: string[] }[];
      }[];
    };
    expect(config.rule_files).toEqual(["/etc/prometheus/alerts.yml"]);
    const jobs = new Map(config.scrape_configs.map((job) => [job.job_name, job]));
    expect(jobs.get("pli-api")).toMatchObject({
      metrics_path: "/metrics",
      authorization: { credentials_file: "/tmp/metrics-token" },
      dns_sd_configs: [{ names: ["api"], port: 9464 }],
    });
    expect(jobs.get("pli-indexer")).toMatchObject({
      metrics_path: "/metrics",
      static_configs: [{ targets: ["indexer:42069"] }],
    });
    const compose = parse(read("docker-compose.yml")) as {
      services: Record<string, { volumes?: string[]; entrypoint?: string[] }>;
    };
    expect(compose.services.prometheus?.volumes).toContain("./deploy/prometheus:/etc/prometheus:ro");
    expect(compose.services.prometheus?.entrypoint?.join(" ")).toContain("/tmp/metrics-token");
  });

  it("show a dashboard whose panels name only registered families, through the provisioned data source", async () => {
    const registered = await registeredFamilies();
    const dashboard = JSON.parse(read("deploy/grafana/dashboards/portal.json")) as { uid: string; panels: Panel[] };
    const datasources = parse(read("deploy/grafana/provisioning/datasources/prometheus.yml")) as {
      datasources: { uid: string; url: string }[];
    };
    expect(datasources.datasources).toEqual([expect.objectContaining({ url: "http://prometheus:9090" })]);
    const uid = datasources.datasources[0]!.uid;
    const shown = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid, panel.title).toBe(uid);
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        const named = familiesOf(expr, registered);
        expect(named.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const family of named) {
          expect(registered.has(family), `${panel.title}: ${family}`).toBe(true);
          shown.add(family);
        }
      }
    }
    expect(
      Object.values(METRIC).filter((family) => !shown.has(family)),
      "families without a panel",
    ).toEqual([]);
    const providers = parse(read("deploy/grafana/provisioning/dashboards/portal.yml")) as {
      providers: { options: { path: string } }[];
    };
    const compose = parse(read("docker-compose.yml")) as { services: Record<string, { volumes?: string[] }> };
    expect(compose.services.grafana?.volumes).toContain(
      `./deploy/grafana/dashboards:${providers.providers[0]!.options.path}:ro`,
    );
    expect(compose.services.grafana?.volumes).toContain("./deploy/grafana/provisioning:/etc/grafana/provisioning:ro");
  });
});
