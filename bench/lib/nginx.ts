/**
 * nginx as the compose deployment's `web` container runs it, in front of a bench's API processes: the image's
 * nginx.conf (deploy/test/base/nginx/nginx.conf, the stand-in's copy of the official image's), then the image's start
 * steps in their order, run from this repository: deploy/nginx/16-portal-headers.envsh and 17-portal-real-ip.envsh,
 * deploy/nginx/18-portal-connections.sh (open files and worker connections from this process's limit, as from the
 * container's `ulimits`), and deploy/nginx/templates filled by the image's envsubst step. What differs from the
 * container: its files sit in a folder of its own, it listens on a loopback port, and the API's name is an upstream
 * block of the bench's API processes instead of Docker's name for the replicas (nginx's round robin either way).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { API } from "@pli/api/public-contract";
import { freePort } from "../../scripts/lib/ports.ts";
import { startService, type Service } from "../../scripts/lib/service.ts";
import { waitFor } from "../../scripts/lib/wait.ts";
import { processIds, procFile, procStat } from "../../scripts/lib/proc.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const UPSTREAM = "portal_api";

export interface Nginx {
  url: string;
  service: Service;
  /** What the deployment's steps set from this process's open-file limit, and the workers the bench runs. */
  workers: number;
  workerConnections: number;
  workerOpenFiles: number;
  /** The resident memory of the master and its workers. */
  rssMb(): number;
}

/** The resident memory of the processes of the group led by `leader`. */
function groupRssMb(leader: number): number {
  let kb = 0;
  for (const pid of processIds()) {
    if (procStat(pid)?.pgid !== leader) continue;
    kb += Number(/VmRSS:\s+(\d+)/.exec(procFile(pid, "status") ?? "")?.[1] ?? 0);
  }
  return kb / 1024;
}

/** The number a directive of the main configuration is set to. */
function directive(conf: string, name: string): number {
  const value = new RegExp(`^\\s*${name}\\s+(\\d+);`, "m").exec(conf)?.[1];
  if (value === undefined) throw new Error(`nginx.conf has no ${name}`);
  return Number(value);
}

/** Every file below `dir`, recursively. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesBelow(file) : [file];
  });
}

/**
 * Renders the deployment's nginx configuration into `dir` and starts nginx with it, proxying to `apis` (host:port
 * each). `connections` is how many the bench will hold at once: the deployment runs one worker per core
 * (`worker_processes auto`); when those cannot hold them all, the bench runs as many workers as it takes and says so.
 */
export async function startNginx({
  dir,
  apis,
  connections,
}: {
  dir: string;
  apis: string[];
  connections: number;
}): Promise<Nginx> {
  try {
    execFileSync("nginx", ["-v"], { stdio: "ignore" });
  } catch {
    throw new Error("nginx is not installed: `apt-get install nginx` (Debian's; this bench alone needs it)");
  }
  const conf = path.join(dir, "nginx.conf");
  const confDir = path.join(dir, "conf.d");
  mkdirSync(confDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  writeFileSync(
    conf,
    readFileSync(path.join(ROOT, "deploy/test/base/nginx/nginx.conf"), "utf8")
      .replace("/run/nginx.pid", path.join(dir, "nginx.pid"))
      .replace("/var/log/nginx/error.log", path.join(dir, "error.log"))
      .replace("/var/log/nginx/access.log", path.join(dir, "access.log"))
      .replace("/etc/nginx/conf.d/", `${confDir}/`),
  );
  execFileSync(
    "sh",
    [
      "-ec",
      [
        ". deploy/nginx/16-portal-headers.envsh",
        ". deploy/nginx/17-portal-real-ip.envsh",
        "sh deploy/nginx/18-portal-connections.sh",
        "sh deploy/test/base/nginx/20-envsubst-on-templates.sh",
      ].join("\n"),
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        PATH: process.env.PATH,
        PUBLIC_URL: url,
        NGINX_CONF: conf,
        NGINX_API_UPSTREAM: UPSTREAM,
        NGINX_LOCAL_RESOLVERS: "127.0.0.1",
        NGINX_ENVSUBST_FILTER: "NGINX_",
        NGINX_ENVSUBST_TEMPLATE_DIR: path.join(ROOT, "deploy/nginx/templates"),
        NGINX_ENVSUBST_OUTPUT_DIR: confDir,
      },
    },
  );
  for (const file of filesBelow(confDir))
    writeFileSync(
      file,
      readFileSync(file, "utf8")
        .replace(/^(\s*listen\s+)80;/m, `$1127.0.0.1:${port};`)
        .replaceAll("/etc/nginx/conf.d/", `${confDir}/`),
    );
  writeFileSync(
    path.join(confDir, "upstream.conf"),
    `upstream ${UPSTREAM} {\n${apis.map((api) => `    server ${api};\n`).join("")}}\n`,
  );
  const rendered = readFileSync(conf, "utf8");
  const workerConnections = directive(rendered, "worker_connections");
  const workerOpenFiles = directive(rendered, "worker_rlimit_nofile");
  const cores = availableParallelism();
  // A worker's listening socket takes one of its connections.
  const workers = Math.max(cores, Math.ceil(connections / (workerConnections - 1)));
  if (workers !== cores)
    writeFileSync(conf, rendered.replace(/^worker_processes auto;/m, `worker_processes ${workers};`));
  execFileSync("nginx", ["-t", "-q", "-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const service = startService({
    name: "nginx",
    command: "nginx",
    args: ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log"), "-g", "daemon off;"],
    logFile: path.join(dir, "nginx.out"),
  });
  await waitFor("nginx", async () => (await fetch(`${url}${API.healthLive}`).catch(() => null))?.ok, {
    timeoutMs: 10_000,
    intervalMs: 100,
  });
  return {
    url,
    service,
    workers,
    workerConnections,
    workerOpenFiles,
    rssMb: () => groupRssMb(service.process.pid!),
  };
}
