import { readdirSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync("./web/src/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web app imports only the API's exported contract and types, never its internals. */
const apiContractOnly = [
  { group: ["@pli/api/*", "!@pli/api/contract", "!@pli/api/types"], message: "The web app imports only @pli/api/contract and @pli/api/types." },
  { group: ["**/api/src/**", "**/api/test/**"], message: "The web app imports only @pli/api/contract and @pli/api/types." },
];
const noAppShell = { group: ["@/app", "@/app/**", "**/app/**"], message: "Only the app shell imports the app shell." };
const noFeatures = { group: ["@/features/**", "**/features/**"], message: "Shared code never depends on a feature." };
/** Inside a feature, code outside it is reached through the @/ alias, so no relative path can cross into another feature. */
const noClimbing = { group: ["../../*"], message: "Import code outside this feature through @/ (a feature imports only itself, @/shared and @/chain)." };
const otherFeatures = (feature) => ({
  group: ["@/features/*", `!@/features/${feature}`],
  message: "A feature imports only itself, @/shared and @/chain: move what both need to @/shared.",
});

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", ".data/**", "**/.ponder/**", "**/generated/**", "indexer/ponder-env.d.ts", "e2e/artifacts/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    rules: { "no-restricted-imports": ["error", { patterns: apiContractOnly }] },
  },
  {
    files: ["web/src/shared/**/*.{ts,tsx}", "web/src/chain/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [...apiContractOnly, noAppShell, noFeatures] }] },
  },
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { "no-restricted-imports": ["error", { patterns: [...apiContractOnly, noAppShell, noClimbing, otherFeatures(feature)] }] },
  })),
);
