import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { devServerEnvSchema } from "./build/dev-server-env.ts";
import { chunkModules, MANIFEST_FILE } from "./build/chunk-modules.ts";
import { firstScreenPreload } from "./build/first-screen-preload.ts";
import { precompress } from "./build/precompress.ts";

/**
 * Paths the development server forwards to the API, so the browser talks to one origin (production: the API serves the
 * app).
 */
const API_PREFIXES = ["/api", "/upload", "/static"] as const;

const env = devServerEnvSchema.safeParse(process.env);
if (!env.success)
  throw new Error(`Invalid web server configuration: API_URL ${env.error.issues[0]?.message ?? "is invalid"}`);

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PREFIXES.map((prefix) => [prefix, { target: env.data.API_URL, changeOrigin: true }]),
);

export default defineConfig({
  plugins: [react(), firstScreenPreload(), chunkModules(), precompress()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    /** The chunk graph, which the first screens' test reads (build/chunk-modules.ts). */
    manifest: MANIFEST_FILE,
    rolldownOptions: {
      output: {
        /**
         * Libraries every screen needs in full get their own long-cached chunks; the rest (Mantine
         * components, wagmi, viem) stay split by route so the first screen loads only what it uses.
         */
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 2,
            },
            { name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
            /**
             * Whatever the entry imports statically (the shell every first screen runs) in one chunk: split into
             * dozens of small shared chunks it compressed worse and took more requests.
             */
            { name: "start", tags: ["$initial"] },
          ],
        },
      },
    },
  },
});
