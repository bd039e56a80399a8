/**
 * Run by the Dockerfile's runtime stage after `npm ci --omit=dev` (plain `node`, which strips the types): removes every
 * installed package that the API and the indexer never load. `--omit=dev` keeps the lockfile's `devOptional` packages
 * (vite 8, rolldown, lightningcss, tsx, esbuild, typescript…: development tools that some production package names as
 * an optional peer), and the root's optional Node and anvil binaries. What stays: the workspaces' dependencies,
 * followed through dependencies, optional dependencies (native builds such as sharp's) and required peers.
 *
 * vite-tsconfig-paths, a plugin Ponder loads, imports `vite` (an optional peer) from the top of node_modules, where
 * vite 8 was: that name then points at Ponder's own vite 5, which Ponder's build already loads.
 */
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";

interface LockPackage {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
export interface Lockfile {
  packages: Record<string, LockPackage>;
}

/** The workspaces the runtime image runs. */
export const RUNTIME_WORKSPACES = ["abis", "api", "indexer"];
/** Where vite-tsconfig-paths finds `vite` in the runtime image, from node_modules. */
export const PONDER_VITE = "ponder/node_modules/vite";

/** The lockfile path a package named `name` resolves to from the package at `from`, as Node looks it up. */
function resolveFrom(lock: Lockfile, from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const at = base.lastIndexOf("node_modules/");
    base = at <= 0 ? "" : base.slice(0, at - 1);
  }
}

/** The lockfile paths (`node_modules/…`) of every package the runtime workspaces need. */
export function runtimePackages(lock: Lockfile): Set<string> {
  const keep = new Set<string>();
  const queue = [...RUNTIME_WORKSPACES];
  while (queue.length > 0) {
    const at = queue.shift()!;
    const entry = lock.packages[at];
    if (!entry) continue;
    if (entry.link && entry.resolved) {
      queue.push(entry.resolved);
      continue;
    }
    const peers = Object.keys(entry.peerDependencies ?? {}).filter(
      (name) => !entry.peerDependenciesMeta?.[name]?.optional,
    );
    for (const name of [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...peers,
    ]) {
      const found = resolveFrom(lock, at, name);
      if (!found || keep.has(found)) continue;
      keep.add(found);
      queue.push(found);
    }
  }
  return keep;
}

/** The package folders under `dir` (node_modules/x, node_modules/@scope/x and nested ones), from `root`. */
function installed(root: string, dir: string): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    const at = `${dir}/${entry.name}`;
    if (entry.name.startsWith("@")) return installed(root, at);
    return [at, ...installed(root, `${at}/node_modules`)];
  });
}

/** Removes the packages under `root`/node_modules that runtimePackages leaves out; returns their lockfile paths. */
export function pruneToRuntime(root: string): string[] {
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as Lockfile;
  const keep = runtimePackages(lock);
  const workspaces = (lock.packages[""] as { workspaces?: string[] } | undefined)?.workspaces ?? [];
  const removed = ["node_modules", ...workspaces.map((workspace) => `${workspace}/node_modules`)]
    .flatMap((dir) => installed(root, dir))
    .filter((at) => lock.packages[at] && !lock.packages[at].link && !keep.has(at));
  for (const at of removed) rmSync(path.join(root, at), { recursive: true, force: true });
  const bin = path.join(root, "node_modules/.bin");
  for (const command of existsSync(bin) ? readdirSync(bin) : [])
    if (!existsSync(path.join(bin, command))) rmSync(path.join(bin, command));
  if (!existsSync(path.join(root, "node_modules/vite"))) symlinkSync(PONDER_VITE, path.join(root, "node_modules/vite"));
  return removed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const removed = pruneToRuntime(process.cwd());
  console.log(`Removed ${removed.length} packages the runtime does not load`);
}
