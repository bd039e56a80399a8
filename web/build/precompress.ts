import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Logger, Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats the browser fetches from the build; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/** The compressed copies written beside a file, by the suffix the servers look for. */
export const PRECOMPRESSED = {
  ".br": (bytes: Buffer) =>
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ".gz": (bytes: Buffer) => gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
} as const;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip, best level) beside every compressible file
 * under `dir`, once at build time, so that the API (api/src/web-app) and nginx (`gzip_static`) send them
 * without compressing on each request. A copy that would not be smaller than its file is not written.
 * Returns the files written.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const written = await Promise.all(
    files.flatMap((file) =>
      Object.entries(PRECOMPRESSED).map(async ([suffix, compress]) => {
        const bytes = await readFile(file);
        const compressed = await compress(bytes);
        if (compressed.length >= bytes.length) return [];
        await writeFile(`${file}${suffix}`, compressed);
        return [`${file}${suffix}`];
      }),
    ),
  );
  return written.flat();
}

/**
 * The build step: pre-compresses the output once vite has written it (public files included). A build that writes
 * nothing (`build.write: false`, as the first-screen test's) leaves the output folder as it is: copies written there
 * would make an older build look newer than the sources.
 */
export function precompress(): Plugin {
  let outDir = "";
  let writes = true;
  let logger: Logger | undefined;
  return {
    name: "pli-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      writes = config.build.write;
      logger = config.logger;
    },
    async closeBundle() {
      if (!writes) return;
      const written = await precompressDir(outDir);
      logger?.info(`pre-compressed ${written.length} files (.br, .gz)`);
    },
  };
}
