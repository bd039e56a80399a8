import { readdirSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync("./web/src/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web app imports only the API's exported contract and (type-only) its route types, never its internals. */
const API_ONLY_CONTRACT = "The web app imports only @pli/api/public-contract, and types only from @pli/api/types.";
const apiContractOnly = [
  { group: ["@pli/api/*", "!@pli/api/public-contract", "!@pli/api/types"], message: API_ONLY_CONTRACT },
  { group: ["**/api/src/**", "**/api/test/**"], message: API_ONLY_CONTRACT },
];
const apiTypesOnly = [
  { name: "@pli/api", message: API_ONLY_CONTRACT },
  { name: "@pli/api/types", allowTypeImports: true, message: API_ONLY_CONTRACT },
];
const noAppShell = { group: ["@/app", "@/app/**", "**/app/**"], message: "Only the app shell imports the app shell." };
const noFeatures = { group: ["@/features/**", "**/features/**"], message: "Shared code never depends on a feature." };
/**
 * Inside a feature, code outside it is reached through the @/ alias, so no relative path can cross into another
 * feature.
 */
const noClimbing = {
  group: ["../../*"],
  message: "Import code outside this feature through @/ (a feature imports only itself, @/shared and @/chain).",
};
const otherFeatures = (feature) => ({
  group: ["@/features/*", `!@/features/${feature}`],
  message: "A feature imports only itself, @/shared and @/chain: move what both need to @/shared.",
});
/** One rule entry per area: flat config replaces (never merges) a rule's options, so each lists all it needs. */
const restrictImports = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    { paths: apiTypesOnly, patterns: [...apiContractOnly, ...patterns] },
  ],
});

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      ".data/**",
      "**/.ponder/**",
      "**/generated/**",
      "indexer/ponder-env.d.ts",
      "e2e/artifacts/**",
    ],
  },
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
    rules: {
      ...restrictImports(),
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='mutate'][arguments.length>1]",
          message:
            "TanStack Query drops mutate() callbacks once the component unmounts (a live update often unmounts the button that caused it): use settle() from @/shared/api/settle.",
        },
      ],
    },
  },
  {
    files: ["api/src/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='c'][property.name='var']",
          message: "Hono's c.var builds a new object of every request variable on each use: read one with c.get(name).",
        },
      ],
    },
  },
  {
    files: ["web/src/shared/**/*.{ts,tsx}", "web/src/chain/**/*.{ts,tsx}"],
    rules: restrictImports(noAppShell, noFeatures),
  },
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrictImports(noAppShell, noClimbing, otherFeatures(feature)),
  })),
);
