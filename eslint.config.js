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
/**
 * API zones. The shared modules are the API's plumbing, not features: any feature imports any of their files.
 * Every other folder of api/src is a feature. Another feature reaches it through its public entries only: its
 * `index.ts` (the functions and types it offers the rest of the API) and its contract `schema.ts` (schemas, rules,
 * paths and messages, also published to the web app through public-contract).
 */
const API_SHARED = ["shared", "db", "chain", "scheduler", "public-contract"];
const apiFeatures = readdirSync("./api/src", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !API_SHARED.includes(entry.name))
  .map((entry) => entry.name);
const API_FEATURE_ENTRY = `A feature imports api/src/{${API_SHARED.join(",")}} and another feature only through its public entries, ../<feature>/index.ts and ../<feature>/schema.ts: export what you need there.`;
const otherApiFeatures = (feature) => ({
  regex: `^(\\.\\./)+(${apiFeatures.filter((name) => name !== feature).join("|")})/(?!(index|schema)\\.ts$)`,
  message: API_FEATURE_ENTRY,
});
/** The web app bundles every feature's contract, so a contract must not pull in another feature's server code. */
const contractOnly = {
  regex: "^(\\.\\./)+(?!public-contract/)[a-z-]+/index\\.ts$",
  message:
    "A feature's schema.ts and rules.ts are bundled into the web app: import another feature's schema.ts, not its index.ts.",
};
const restrictApiImports = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
});

/** Code outside the api and web workspaces reaches them through their package.json "exports", never by path. */
const workspaceEntries = {
  regex: "^(\\.\\./)+(api|web)/(src|test)/",
  message:
    "Import api and web code through their package entries (@pli/api/..., @pli/web/...: see their package.json exports).",
};

/** One rule entry per area: flat config replaces (never merges) a rule's options, so each lists all it needs. */
const restrictImports = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    { paths: apiTypesOnly, patterns: [...apiContractOnly, ...patterns] },
  ],
});

const settleMutations = {
  selector: "CallExpression[callee.property.name='mutate'][arguments.length>1]",
  message:
    "TanStack Query drops mutate() callbacks once the component unmounts (a live update often unmounts the button that caused it): use settle() from @/shared/api/settle.",
};

/** Numbers and months on screen go through web/src/shared/format, so that one figure reads the same everywhere. */
const oneNumberFormatter = [
  ...["toFixed", "toLocaleString", "toPrecision"].map((name) => ({
    selector: `CallExpression[callee.property.name='${name}']`,
    message: `Format numbers with web/src/shared/format (formatCount, formatScoreValue, formatToken, percent), not ${name}().`,
  })),
  {
    selector: "CallExpression[callee.property.name='format'] > Literal[value=/MMM/]",
    message: "Format months with web/src/shared/format (formatMonth, monthLabel).",
  },
];

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
      // Programs the tests and benches compile for a run, removed at its end; a killed run leaves them behind.
      "api/.test-dist-*/**",
      "api/.bench-dist-*/**",
      // A web build before it takes web/dist's place, and the build it replaced (scripts/lib/web-build.ts).
      "web/dist.building-*/**",
      "web/dist.replaced-*/**",
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
      "no-restricted-syntax": ["error", settleMutations, ...oneNumberFormatter],
    },
  },
  {
    files: ["web/src/shared/format/**/*.ts"],
    rules: { "no-restricted-syntax": ["error", settleMutations] },
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
  ...apiFeatures.flatMap((feature) => [
    { files: [`api/src/${feature}/**/*.ts`], rules: restrictApiImports(otherApiFeatures(feature)) },
    {
      files: [`api/src/${feature}/schema.ts`, `api/src/${feature}/rules.ts`],
      rules: restrictApiImports(otherApiFeatures(feature), contractOnly),
    },
  ]),
  {
    files: ["e2e/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts", "test/**/*.ts", "indexer/test/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [workspaceEntries] }] },
  },
);
