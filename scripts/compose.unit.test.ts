import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Hono } from "hono";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { docTable, quotedNames } from "../test/docs.ts";
import { loadConfig } from "@pli/api/config";
import { DATABASE_ROLES, REPLICATION_ROLE } from "@pli/api/db/roles";
import { API } from "@pli/api/public-contract";
import { PRODUCTION_FILES } from "./lib/production-build.ts";
import { securityHeaders } from "@pli/api/web-app";
import { parseIndexerEnv } from "../indexer/env.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const ENV_EXAMPLE = path.join(ROOT, ".env.example");
const NGINX = path.join(ROOT, "deploy/nginx");
const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "pli-compose-"));

type Environment = Record<string, string | null>;
/** A published port as docker-compose 1.29 prints it: `{published, target}`, or `host_ip:published:target/proto`. */
type Port = { published: number; target: number } | string;
interface Service {
  image?: string;
  build?: { args?: Record<string, string> };
  user?: string;
  entrypoint?: string[];
  command?: string[];
  environment?: Environment;
  ports?: Port[];
  deploy?: { replicas?: number };
  ulimits?: { nofile?: { soft: number; hard: number } };
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
  /** `source:target[:mode]`, a named volume's name or a bind's absolute host path as the source. */
  volumes?: string[];
}
interface Resolved {
  services: Record<string, Service>;
}
interface Entry {
  name: string;
  value: string;
  active: boolean;
  section: string;
}

/** The variables of .env.example: `NAME=value` lines and commented `# NAME=value` ones, with the part they are in. */
function envExampleEntries(): Entry[] {
  let section = "";
  const entries: Entry[] = [];
  for (const line of readFileSync(ENV_EXAMPLE, "utf8").split("\n")) {
    const heading = /^# --- (.+?) -+$/.exec(line);
    if (heading) section = heading[1]!;
    const variable = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (variable) entries.push({ name: variable[2]!, value: variable[3]!, active: !variable[1], section });
  }
  return entries;
}

/** Every variable named in the first column of the configuration table (docs/running.md). */
function documentedVariables(): string[] {
  return docTable("running.md", "## Configuration").flatMap(([names]) => quotedNames(names!, /^[A-Z][A-Z0-9_]*$/));
}

/** Runs Debian's docker-compose on the repository's compose file with only `envFile` as its environment. */
async function compose(envFile: string, ...args: string[]) {
  try {
    return await run("docker-compose", ["--env-file", envFile, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: scratch },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    throw new Error(
      "docker-compose is needed to check docker-compose.yml: apt-get install -y docker-compose (.ci/run installs it)",
    );
  }
}

function writeEnvFile(name: string, lines: string[]): string {
  const file = path.join(scratch, name);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

async function resolve(envFile: string): Promise<Resolved> {
  return parse((await compose(envFile, "config")).stdout) as Resolved;
}

let resolvedExample: Promise<Resolved> | undefined;
/** The deployment resolved with .env.example, asked of docker-compose once (each call costs it about a CPU-second). */
const resolveExample = () => (resolvedExample ??= resolve(ENV_EXAMPLE));

/** A service's environment as its process sees it: variables resolved to null are not set. */
/** The ports a service publishes on the Docker host, whichever form docker-compose printed them in. */
function publishedPorts(resolved: Resolved, service: string): { hostIp?: string; published: number; target: number }[] {
  return (resolved.services[service]?.ports ?? []).map((port) => {
    if (typeof port !== "string")
      return { hostIp: undefined, published: Number(port.published), target: Number(port.target) };
    const [hostIp, published, target] = port.replace(/\/\w+$/, "").split(":");
    return { hostIp, published: Number(published), target: Number(target) };
  });
}

function environmentOf(resolved: Resolved, service: string): Record<string, string> {
  const environment = resolved.services[service]?.environment ?? {};
  return Object.fromEntries(
    Object.entries(environment).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

/** The headers the API adds to a page for this environment. */
async function apiHeaders(environment: Record<string, string>): Promise<Record<string, string>> {
  const config = loadConfig(environment);
  const app = new Hono()
    .use(
      securityHeaders({
        publicUrl: config.PUBLIC_URL,
        rpcUrl: config.RPC_URL,
        wsUrl: config.WS_URL,
        inertPrefix: API.staticFiles,
      }),
    )
    .get("*", (c) => c.body(null, 200));
  return Object.fromEntries((await app.request("/listnode")).headers);
}

/**
 * The headers nginx adds to the web app's files for the web service's environment: the image's
 * entrypoint sources the .envsh file, then fills the template's ${NGINX_…} placeholders; nginx sends
 * no header whose value is empty.
 */
async function nginxHeaders(environment: Record<string, string>): Promise<Record<string, string>> {
  const script = `set -e; . ./16-portal-headers.envsh && printf '%s\\n%s' "$NGINX_CONNECT_SRC" "$NGINX_HSTS"`;
  const { stdout } = await run("sh", ["-c", script], { cwd: NGINX, env: { PATH: process.env.PATH, ...environment } });
  const [connectSrc, hsts] = stdout.split("\n");
  const filled: Record<string, string> = { NGINX_CONNECT_SRC: connectSrc!, NGINX_HSTS: hsts ?? "" };
  const template = readFileSync(path.join(NGINX, "templates/snippets/security-headers.conf.template"), "utf8");
  const snippet = template.replace(/\$\{(NGINX_\w+)\}/g, (placeholder, name: string) => filled[name] ?? placeholder);
  const headers = [...snippet.matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm)].map((match) => [
    match[1]!.toLowerCase(),
    match[2]!,
  ]);
  return Object.fromEntries(headers.filter(([, value]) => value !== ""));
}

/**
 * nginx's site for the web service's environment, with its real-IP lines: the image's entrypoint
 * sources 17-portal-real-ip.envsh, then fills the template's ${NGINX_REAL_IP}.
 */
async function nginxSite(environment: Record<string, string>): Promise<string> {
  const script = `set -e; . ./17-portal-real-ip.envsh && printf '%s' "$NGINX_REAL_IP"`;
  const { stdout } = await run("sh", ["-c", script], { cwd: NGINX, env: { PATH: process.env.PATH, ...environment } });
  return readFileSync(path.join(NGINX, "templates/default.conf.template"), "utf8").replaceAll(
    "${NGINX_REAL_IP}",
    stdout,
  );
}

/** A service's mounts as `{source, target, readOnly}`. */
const mountsOf = (service: Service) =>
  (service.volumes ?? []).map((volume) => {
    const [source, target, mode] = volume.split(":");
    return { source, target, readOnly: mode === "ro" };
  });

/** The real-IP directives of the site's server block, in order. */
const realIpDirectives = (site: string) =>
  site
    .slice(site.indexOf("server {"))
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^(set_real_ip_from|real_ip_header|real_ip_recursive) /.test(line));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the docker-compose deployment", { timeout: 120_000 }, () => {
  it("is valid with .env.example; without a required variable it refuses to start, naming the variable", async () => {
    await expect(compose(ENV_EXAMPLE, "config", "-q")).resolves.toBeDefined();
    const yaml = readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8");
    const required = [...new Set([...yaml.matchAll(/\$\{([A-Z][A-Z0-9_]*):\?/g)].map((match) => match[1]!))];
    expect(required).toEqual(
      expect.arrayContaining([
        "POSTGRES_PASSWORD",
        "RPC_URL",
        "CHAIN_ID",
        "START_BLOCK",
        "JWT_SECRET",
        "SMTP_URL",
        "PUBLIC_URL",
      ]),
    );
    for (const [, name, message] of yaml.matchAll(/\$\{([A-Z][A-Z0-9_]*):\?([^}]*)\}/g))
      expect(message, name).toMatch(new RegExp(`^${name} is required`));
    const example = readFileSync(ENV_EXAMPLE, "utf8").split("\n");
    const withoutAny = writeEnvFile(
      "without-required",
      example.filter((line) => !required.some((name) => line.startsWith(`${name}=`))),
    );
    const refusal = await compose(withoutAny, "config", "-q").then(
      () => "accepted",
      (error: { stderr: string }) => error.stderr.trim().split("\n").at(-1),
    );
    expect(refusal).toMatch(new RegExp(`: (${required.join("|")}) is required`));
  });

  it("gives the API and the indexer an environment their own config parsers accept", async () => {
    const resolved = await resolveExample();
    const api = loadConfig(environmentOf(resolved, "api"));
    expect(api).toMatchObject({
      APP_ENV: "production",
      TRUST_PROXY: true,
      CHAIN_ID: 51,
      RPC_URL: "https://erc.apothem.network",
    });
    expect(new URL(api.DATABASE_URL).host).toBe("postgres:5432");
    const indexer = parseIndexerEnv(environmentOf(resolved, "indexer"));
    expect(new URL(indexer.DATABASE_URL).host).toBe("postgres:5432");
    expect(indexer).toMatchObject({
      CHAIN_ID: 51,
      STAKING_ADDRESS: api.STAKING_ADDRESS,
      FARM_ADDRESS: api.FARM_ADDRESS,
    });
  });

  it("passes every optional variable of .env.example, set to its example, to the service that uses it", async () => {
    const entries = envExampleEntries();
    const optional = entries.filter((entry) => entry.section === "Optional");
    expect(optional.length).toBeGreaterThan(10);
    const envFile = writeEnvFile(
      "optional",
      [...entries.filter((entry) => entry.active), ...optional].map((entry) => `${entry.name}=${entry.value}`),
    );
    const resolved = await resolve(envFile);
    const elsewhere: Record<string, () => unknown> = {
      HTTP_PORT: () => publishedPorts(resolved, "web")[0]?.published,
      API_REPLICAS: () => resolved.services.api?.deploy?.replicas,
      OPEN_FILES_LIMIT: () => resolved.services.api?.ulimits?.nofile?.soft,
      ANALYST_DB_PORT: () => publishedPorts(resolved, "postgres")[0]?.published,
      ANALYST_INDEXER_PORT: () => publishedPorts(resolved, "indexer")[0]?.published,
      ANALYST_REPLICA_DB_PORT: () => publishedPorts(resolved, "postgres-replica")[0]?.published,
      ANALYST_REPLICA_INDEXER_PORT: () => publishedPorts(resolved, "indexer-replica")[0]?.published,
      NODE_IMAGE: () => resolved.services.api?.build?.args?.NODE_IMAGE,
      NGINX_IMAGE: () => resolved.services.web?.build?.args?.NGINX_IMAGE,
      POSTGRES_IMAGE: () => resolved.services.postgres?.image,
      PROMETHEUS_IMAGE: () => resolved.services.prometheus?.image,
      GRAFANA_IMAGE: () => resolved.services.grafana?.image,
    };
    const environments = Object.keys(resolved.services).map((service) => environmentOf(resolved, service));
    for (const { name, value } of optional) {
      const seen = elsewhere[name]
        ? [String(elsewhere[name]())]
        : environments.map((environment) => environment[name]).filter((found) => found !== undefined);
      expect(seen, name).toContain(value);
    }
    expect(() => loadConfig(environmentOf(resolved, "api"))).not.toThrow();
    expect(() => parseIndexerEnv(environmentOf(resolved, "indexer"))).not.toThrow();
  });

  it("signs each service in as its own role; only the one-shot migrate service knows the superuser and the owner", async () => {
    const { services } = await resolveExample();
    const signsInAs = (service: string, variable = "DATABASE_URL") =>
      new URL(environmentOf({ services }, service)[variable]!).username;
    expect(signsInAs("api")).toBe(DATABASE_ROLES.api);
    expect(signsInAs("backup")).toBe(DATABASE_ROLES.api);
    expect(signsInAs("indexer")).toBe(DATABASE_ROLES.indexer);
    expect(signsInAs("migrate", "DATABASE_OWNER_URL")).toBe(DATABASE_ROLES.owner);
    expect(signsInAs("migrate", "DATABASE_SUPERUSER_URL")).toBe(services.postgres?.environment?.POSTGRES_USER);
    const superuserUrl = environmentOf({ services }, "migrate").DATABASE_SUPERUSER_URL!;
    const ownerUrl = environmentOf({ services }, "migrate").DATABASE_OWNER_URL!;
    for (const service of Object.keys(services).filter((name) => name !== "migrate")) {
      const values = Object.values(environmentOf({ services }, service));
      expect(values, service).not.toContain(superuserUrl);
      expect(values, service).not.toContain(ownerUrl);
    }
    const migrate = services.migrate!;
    expect(migrate.image).toBe(services.api?.image);
    const programs = [...(migrate.command ?? []).join(" ").matchAll(/node (api\/dist\/[\w-]+\.js)/g)].map(
      (match) => match[1]!,
    );
    expect(programs).toEqual(["api/dist/db-roles.js", "api/dist/migrate.js"]);
    for (const program of programs) expect(PRODUCTION_FILES).toContain(program);
    for (const service of ["api", "indexer"])
      expect(services[service]?.depends_on?.migrate, service).toEqual({ condition: "service_completed_successfully" });
  });

  it("publishes only the web server to the network; Postgres, the indexer and Grafana on the host's loopback", async () => {
    const resolved = await resolveExample();
    const published = Object.keys(resolved.services).flatMap((service) =>
      publishedPorts(resolved, service).map(({ hostIp, target }) => ({ service, hostIp, target })),
    );
    expect(published.filter((port) => port.service !== "web")).toEqual([
      { service: "grafana", hostIp: "127.0.0.1", target: 3000 },
      { service: "indexer", hostIp: "127.0.0.1", target: 42069 },
      { service: "indexer-replica", hostIp: "127.0.0.1", target: 42069 },
      { service: "postgres", hostIp: "127.0.0.1", target: 5432 },
      { service: "postgres-replica", hostIp: "127.0.0.1", target: 5432 },
    ]);
    expect(publishedPorts(resolved, "web")).toEqual([{ hostIp: undefined, published: 80, target: 80 }]);
  });

  it("serves the API's metrics on the internal network only, where the monitoring profile's Prometheus scrapes them", async () => {
    const resolved = await resolveExample();
    const api = loadConfig(environmentOf(resolved, "api"));
    expect(api.METRICS_PORT).toBeDefined();
    expect(api.METRICS_HOST).toBe("0.0.0.0");
    const published = Object.keys(resolved.services).flatMap((service) => publishedPorts(resolved, service));
    expect(published.map((port) => port.target)).not.toContain(api.METRICS_PORT);
    expect(published.map((port) => port.published)).not.toContain(api.METRICS_PORT);
    const prometheus = parse(readFileSync(path.join(ROOT, "deploy/prometheus/prometheus.yml"), "utf8")) as {
      scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; port: number }[] }[];
    };
    const scraped = prometheus.scrape_configs.find((job) => job.job_name === "pli-api")?.dns_sd_configs?.[0];
    expect(scraped).toMatchObject({ names: ["api"], port: api.METRICS_PORT });
    const profiles = parse(readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8")) as {
      services: Record<string, { profiles?: string[] }>;
    };
    expect(profiles.services.prometheus?.profiles).toEqual(["monitoring"]);
    expect(profiles.services.grafana?.profiles).toEqual(["monitoring"]);
    const token = "a-metrics-token-of-the-deployment";
    const withToken = await resolve(
      writeEnvFile("metrics-token", [
        ...envExampleEntries()
          .filter((entry) => entry.active)
          .map((entry) => `${entry.name}=${entry.value}`),
        `METRICS_TOKEN=${token}`,
      ]),
    );
    expect(loadConfig(environmentOf(withToken, "api")).METRICS_TOKEN).toBe(token);
    expect(environmentOf(withToken, "prometheus").METRICS_TOKEN).toBe(token);
  });

  it("lists in .env.example exactly the variables of the configuration table", () => {
    const listed = envExampleEntries().map((entry) => entry.name);
    const documented = documentedVariables();
    expect(
      listed.filter((name) => !documented.includes(name)),
      "in .env.example, missing from the configuration table",
    ).toEqual([]);
    expect(
      documented.filter((name) => !listed.includes(name)),
      "in the configuration table, missing from .env.example",
    ).toEqual([]);
    expect(new Set(listed).size, "a variable listed twice in .env.example").toBe(listed.length);
  });

  it("has nginx send the API's security headers with the web app's files", async () => {
    const https = await resolveExample();
    const http = await resolve(
      writeEnvFile("http-and-ws", [
        ...envExampleEntries()
          .filter((entry) => entry.active && !["PUBLIC_URL", "RPC_URL"].includes(entry.name))
          .map((entry) => `${entry.name}=${entry.value}`),
        "PUBLIC_URL=http://portal.example.com:8080",
        "RPC_URL=https://user:key@RPC.Example.com:443/v1/abc?x=1",
        "WS_URL=WSS://ws.example.com:8546/ws",
      ]),
    );
    for (const resolved of [https, http]) {
      const web = environmentOf(resolved, "web");
      expect(await nginxHeaders(web), web.PUBLIC_URL).toEqual(await apiHeaders(environmentOf(resolved, "api")));
    }
    expect(Object.keys(await nginxHeaders(environmentOf(https, "web")))).toContain("strict-transport-security");
    expect(Object.keys(await nginxHeaders(environmentOf(http, "web")))).not.toContain("strict-transport-security");
  });

  it("has nginx take each client's address from the X-Forwarded-For of the proxies in TRUSTED_PROXY_CIDRS, and from no one's without them", async () => {
    const active = envExampleEntries()
      .filter((entry) => entry.active)
      .map((entry) => `${entry.name}=${entry.value}`);
    const behindProxies = await resolve(
      writeEnvFile("trusted-proxies", [...active, "TRUSTED_PROXY_CIDRS=10.0.0.0/8, 2001:db8::/32,192.168.1.5"]),
    );
    const site = await nginxSite(environmentOf(behindProxies, "web"));
    expect(realIpDirectives(site)).toEqual([
      "set_real_ip_from 10.0.0.0/8;",
      "set_real_ip_from 2001:db8::/32;",
      "set_real_ip_from 192.168.1.5;",
      "real_ip_header X-Forwarded-For;",
      "real_ip_recursive on;",
    ]);
    expect(
      site.indexOf("real_ip_recursive on;"),
      "the real address is set before nginx appends it for the API",
    ).toBeLessThan(site.indexOf("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;"));
    expect(realIpDirectives(await nginxSite(environmentOf(await resolveExample(), "web")))).toEqual([]);
    for (const malformed of ["10.0.0.0/8; allow all", "10.0.0.0/", "*"]) {
      await expect(nginxSite({ TRUSTED_PROXY_CIDRS: malformed }), malformed).rejects.toThrow(
        /TRUSTED_PROXY_CIDRS: .* not/,
      );
    }
  });

  it("has nginx send the web build's pre-compressed files and gzip the API's uncompressed answers on the fly", () => {
    const directives = readFileSync(path.join(NGINX, "templates/default.conf.template"), "utf8")
      .split("\n")
      .map((line) => line.replace(/#.*/, "").trim())
      .filter(Boolean);
    expect(directives).toContain("gzip_static on;");
    expect(directives).toContain("gzip on;");
    expect(directives).toContain("gzip_vary on;");
    expect(directives.find((directive) => directive.startsWith("gzip_types "))).toContain("application/json");
    expect(directives.filter((directive) => /^gzip(?:_static)? off;$/.test(directive))).toEqual([]);
    // The API's JSON answers carry their own Vary: Accept-Encoding, so nginx adds none to what it proxies.
    const apiLocation = directives.slice(directives.indexOf("location ~ ^/(api|upload|static)(/|$) {"));
    expect(apiLocation.slice(0, apiLocation.indexOf("}"))).toContain("gzip_vary off;");
  });

  it("streams the API's server-sent events through nginx", () => {
    const config = readFileSync(path.join(NGINX, "templates/default.conf.template"), "utf8");
    for (const events of [API.live, API.livePublic]) {
      const start = config.indexOf(`location = ${events} {`);
      expect(start, `nginx has a location for ${events}`).toBeGreaterThan(-1);
      const stream = config.slice(start, config.indexOf("}", start));
      expect(stream).toContain("proxy_buffering off;");
      expect(stream).toMatch(/proxy_read_timeout \d+h;/);
    }
  });

  it("gives every API replica and nginx the open files and connections of 10,000 live streams", async () => {
    const { services } = await resolveExample();
    // A stream holds a socket in its API replica, and two connections in nginx (the browser's and the replica's).
    expect(Number(services.api!.ulimits?.nofile?.soft)).toBeGreaterThan(10_000);
    // The nginx image's own nginx.conf (as the deployment test's stand-in copies it), set by the entrypoint's script at
    // every start from the container's open-file limit: this machine's (20,000), then a lower one.
    const conf = path.join(scratch, "nginx.conf");
    writeFileSync(conf, readFileSync(path.join(ROOT, "deploy/test/base/nginx/nginx.conf")));
    const directive = (name: string) =>
      [...readFileSync(conf, "utf8").matchAll(new RegExp(`^\\s*${name} (\\d+);`, "gm"))].map((m) => Number(m[1]));
    const startWith = (limit: number) =>
      run("sh", ["-c", `ulimit -n ${limit} && sh ${path.join(NGINX, "18-portal-connections.sh")}`], {
        env: { PATH: process.env.PATH, NGINX_CONF: conf },
      });
    for (const [limit, connections] of [
      [20_000, 10_000],
      [20_000, 10_000],
      [4_096, 2_048],
    ] as const) {
      await startWith(limit);
      // worker_processes auto is one worker on a one-core host: that worker alone holds every stream.
      expect(directive("worker_connections")).toEqual([connections]);
      expect(directive("worker_rlimit_nofile")).toEqual([limit]);
    }
    expect(Number(services.web!.ulimits?.nofile?.soft)).toBeGreaterThanOrEqual(65_536);
    expect(readFileSync(path.join(ROOT, "Dockerfile"), "utf8")).toMatch(
      /COPY .*deploy\/nginx\/18-portal-connections\.sh .*\/docker-entrypoint\.d\//,
    );
  });

  it("marks the API and the indexer healthy only when ready, and starts nginx once the API is", async () => {
    const { services } = await resolveExample();
    const probe = (service: string) => services[service]?.healthcheck?.test.join(" ") ?? "";
    expect(probe("api")).toContain(`{process.env.API_PORT}${API.healthReady}\``);
    expect(probe("indexer"), "Ponder's readiness: backfill done").toContain("{process.env.PORT}/ready`");
    expect(services.web?.depends_on?.api).toEqual({ condition: "service_healthy" });
    const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
    const imageProbes = [...dockerfile.matchAll(/^HEALTHCHECK .*\\\n\s+CMD (.*)$/gm)].map((match) => match[1]!);
    expect(imageProbes).toEqual([
      expect.stringContaining(`\${process.env.API_PORT}${API.healthReady}\``),
      expect.stringContaining("${process.env.PORT}/ready`"),
    ]);
  });

  it("has the API log JSON lines", async () => {
    const api = loadConfig(environmentOf(await resolveExample(), "api"));
    expect(api.APP_ENV).toBe("production");
    expect(api.LOG_PRETTY).not.toBe(true);
  });

  it("takes every image it builds on or runs from a setting whose default is the official image", async () => {
    const composeFile = readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8");
    const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
    const named = [...composeFile.matchAll(/^\s+image: (.+)$/gm)].map((match) => match[1]!);
    expect(named.filter((image) => image !== "pli-portal-api")).toEqual([
      "${POSTGRES_IMAGE:-postgres:18}",
      "${POSTGRES_IMAGE:-postgres:18}",
      "${PROMETHEUS_IMAGE:-prom/prometheus:v3.5.0}",
      "${GRAFANA_IMAGE:-grafana/grafana:12.1.0}",
    ]);
    expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1])).toEqual([
      "${NODE_IMAGE}",
      "${NODE_IMAGE}",
      "runtime",
      "runtime",
      "${NGINX_IMAGE}",
    ]);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
    expect(dockerfile).toMatch(/^ARG NGINX_IMAGE=nginx:1\.28$/m);
    const { services } = await resolveExample();
    for (const service of ["api", "indexer", "indexer-replica", "web"])
      expect(services[service]?.build?.args, service).toEqual({
        NODE_IMAGE: "node:24-slim",
        NGINX_IMAGE: "nginx:1.28",
      });
  });

  it("runs the compiled backup of the running API's image under the backup profile, with the uploads volume", async () => {
    const { services } = await resolveExample();
    const backup = services.backup!;
    expect(backup.profiles).toEqual(["backup"]);
    expect(backup.image).toBe(services.api?.image);
    expect(environmentOf({ services }, "backup").DATABASE_URL).toBe(environmentOf({ services }, "api").DATABASE_URL);
    const [program, compiled, ...args] = backup.command ?? [];
    expect([program, compiled]).toEqual(["node", "api/dist/backup.js"]);
    expect(PRODUCTION_FILES).toContain(compiled);
    const apiUploads = mountsOf(services.api!).find((mount) => mount.source === "uploads");
    expect(apiUploads?.target).toBe("/data/uploads");
    expect(mountsOf(backup)).toContainEqual({ source: "uploads", target: apiUploads!.target, readOnly: true });
    const out = args[args.indexOf("--out") + 1]!;
    const archiveDir = mountsOf(backup).find((mount) => mount.target === path.posix.dirname(out));
    expect(archiveDir, `${out} is on a folder of the host`).toMatchObject({ source: path.join(ROOT, "backups") });
    expect(archiveDir?.readOnly).toBe(false);
    // A missing ./backups is created by Docker as root's: the service makes it the node user's before it writes there.
    expect(backup.user).toBe("root");
    // `docker-compose config` prints a literal $ escaped, as $$.
    expect(backup.entrypoint?.join(" ").replaceAll("$$", "$")).toContain(
      `chown node:node ${path.posix.dirname(out)} && chmod 700 ${path.posix.dirname(out)} && exec setpriv --reuid=node --regid=node --init-groups "$@"`,
    );
  });

  it("serves analysts from a streaming replica under the replica profile, and the API reads its lag", async () => {
    const replicaPassword = "ReplicationPassword0123456789";
    const envFile = writeEnvFile("replica", [
      ...envExampleEntries()
        .filter((entry) => entry.active)
        .map((entry) => `${entry.name}=${entry.value}`),
      `POSTGRES_REPLICATION_PASSWORD=${replicaPassword}`,
      "ANALYST_REPLICA_URL=postgresql://pli_api:secret@postgres-replica:5432/pli",
    ]);
    await expect(compose(envFile, "--profile", "replica", "config", "-q")).resolves.toBeDefined();
    const resolved = await resolve(envFile);
    const { services } = resolved;
    expect(services["postgres-replica"]?.profiles).toEqual(["replica"]);
    expect(services["indexer-replica"]?.profiles).toEqual(["replica"]);
    expect(services["postgres-replica"]?.image).toBe(services.postgres?.image);
    expect(environmentOf(resolved, "postgres-replica").PGPASSWORD).toBe(replicaPassword);
    expect(environmentOf(resolved, "migrate").POSTGRES_REPLICATION_PASSWORD).toBe(replicaPassword);

    // The primary takes replication connections as the replication role only, by the hba file it is started with.
    const hba = mountsOf(services.postgres!).find((mount) => mount.target === "/etc/postgresql/pg_hba.conf");
    expect(hba?.readOnly).toBe(true);
    expect(services.postgres?.command).toContain(`hba_file=${hba!.target}`);
    const rules = readFileSync(hba!.source!, "utf8")
      .split("\n")
      .filter((line) => /^(local|host)\s/.test(line))
      .map((line) => line.split(/\s+/));
    expect(rules.filter(([type, database]) => type === "host" && database === "replication")).toEqual([
      ["host", "replication", REPLICATION_ROLE, "all", "scram-sha-256"],
    ]);

    // The replica: a base copy by pg_basebackup through its own slot, then a hot standby with hot_standby_feedback.
    const scripts = mountsOf(services["postgres-replica"]!).find((mount) => mount.target === "/replica");
    const entrypoint = services["postgres-replica"]?.entrypoint ?? [];
    const script = readFileSync(
      path.join(scripts!.source!, path.posix.basename(entrypoint.at(-1)!)),
      "utf8",
    ).replaceAll("\\\n", " ");
    expect(script).toMatch(
      new RegExp(`pg_basebackup --host=postgres --username=${REPLICATION_ROLE} .*--write-recovery-conf`),
    );
    expect(script).toContain("--slot=analyst_replica");
    expect(script).toMatch(/exec postgres .*-c hot_standby=on -c hot_standby_feedback=on/);

    // ponder serve on the replica, for /sql and /graphql; the API reads the replica's lag as its own role.
    const reader = services["indexer-replica"]!;
    expect(reader.command).toEqual(["node", "indexer/dist/start.js", "--serve"]);
    expect(PRODUCTION_FILES).toContain("indexer/dist/start.js");
    expect(reader.depends_on?.["postgres-replica"]).toEqual({ condition: "service_healthy" });
    const served = parseIndexerEnv(environmentOf(resolved, "indexer-replica"));
    expect(new URL(served.DATABASE_URL)).toMatchObject({
      host: "postgres-replica:5432",
      username: DATABASE_ROLES.indexer,
    });
    const api = loadConfig(environmentOf(resolved, "api"));
    expect(new URL(api.ANALYST_REPLICA_URL!)).toMatchObject({
      host: "postgres-replica:5432",
      username: DATABASE_ROLES.api,
    });
  });
});
