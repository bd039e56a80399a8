import type { Plugin } from "vite";

/**
 * Beside Vite's manifest (`build.manifest`: each chunk's file, imports and stylesheets), which names no module: the
 * modules bundled into each chunk, by the chunk's file. The first screens' test (src/app/first-screen.unit.test.ts)
 * reads both from the build the stacks serve instead of building the app a second time. Neither is served
 * (api/src/web-app/routes.ts, the nginx configuration): they are the build's own records, not the app's.
 */
export const BUILD_RECORDS_DIR = ".vite";
export const MANIFEST_FILE = `${BUILD_RECORDS_DIR}/manifest.json`;
export const CHUNK_MODULES_FILE = `${BUILD_RECORDS_DIR}/chunk-modules.json`;

/** A chunk's file → the ids of the modules bundled into it (absolute paths for files). */
export type ChunkModules = Record<string, string[]>;

export function chunkModules(): Plugin {
  return {
    name: "pli-chunk-modules",
    apply: "build",
    generateBundle(_, bundle) {
      const modules: ChunkModules = Object.fromEntries(
        Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file.moduleIds]] : [])),
      );
      this.emitFile({ type: "asset", fileName: CHUNK_MODULES_FILE, source: JSON.stringify(modules) });
    },
  };
}
