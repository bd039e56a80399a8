import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

const WEB = "./web/src";
const features = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web app's layers: a feature imports only itself, shared code and the chain layer; nothing imports the app shell. */
const webZones = [
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: "A feature imports only itself, @/shared and @/chain: move what both need to @/shared.",
  })),
  { target: [`${WEB}/features`, `${WEB}/shared`, `${WEB}/chain`], from: `${WEB}/app`, message: "Only the app shell imports the app shell." },
  { target: [`${WEB}/shared`, `${WEB}/chain`], from: `${WEB}/features`, message: "Shared code never depends on a feature." },
  { target: WEB, from: "./api", except: ["./src/contract", "./src/types.ts"], message: "The web app imports only the API's exported contract (@pli/api/contract) and types (@pli/api/types)." },
];

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
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "web/tsconfig.json" })] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: webZones }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@pli/api/*", "!@pli/api/contract", "!@pli/api/types"], message: "The web app imports only @pli/api/contract and @pli/api/types." }] },
      ],
    },
  },
);
