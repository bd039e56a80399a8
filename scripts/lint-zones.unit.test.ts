import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

/** The first lint loads the whole config and the TypeScript parser: seconds on a busy machine. */
const LINT_TIMEOUT = { timeout: 30_000 };

/** The import rules the lint config reports for `code` as if it were the file at `filePath`. */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((message) => message.message);
}

describe("the API's import zones", LINT_TIMEOUT, () => {
  const feature = "api/src/admin/sample.ts";

  it("fail a feature's deep import into another feature", async () => {
    const errors = await restrictedImports(
      feature,
      'import { signSession } from "../auth/session.ts";\nsignSession;\n',
    );
    expect(errors).toEqual([
      expect.stringContaining("only through its public entries, ../<feature>/index.ts and ../<feature>/schema.ts"),
    ]);
  });

  it("fail a deep import from a folder nested inside a feature", async () => {
    const errors = await restrictedImports(
      "api/src/admin/nested/sample.ts",
      'import type { Db } from "../../db/database.ts";\nimport { mailOf } from "../../mail/outbox.ts";\nmailOf;\nexport type { Db };\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("let a feature import another feature's public entry and any shared module", async () => {
    const code = [
      'import { signSession } from "../auth/index.ts";',
      'import { otpSchema } from "../operator/schema.ts";',
      'import { createDb } from "../db/database.ts";',
      'import { AppError } from "../shared/errors.ts";',
      'import { getIndexedBlock } from "../chain/views.ts";',
      'import { ADMIN_MESSAGES } from "../public-contract/index.ts";',
      'import { config } from "../config.ts";',
      'import { otpMail } from "./otp.ts";',
      "export { signSession, otpSchema, createDb, AppError, getIndexedBlock, ADMIN_MESSAGES, config, otpMail };",
    ].join("\n");
    expect(await restrictedImports(feature, code)).toEqual([]);
  });

  it("keep another feature's server code out of a contract, which the web app bundles", async () => {
    const code = 'import { findNode } from "../node/index.ts";\nimport { NODE_STATUSES } from "../node/schema.ts";\n';
    const errors = await restrictedImports("api/src/admin/schema.ts", `${code}export { findNode, NODE_STATUSES };\n`);
    expect(errors).toEqual([expect.stringContaining("import another feature's schema.ts, not its index.ts")]);
  });
});

describe("code outside the api and web workspaces", LINT_TIMEOUT, () => {
  it.each([
    "e2e/sample.browser.test.ts",
    "scripts/lib/sample.ts",
    "bench/sample.ts",
    "test/sample.ts",
    "indexer/test/sample.ts",
  ])("%s fails a deep path into api/src or web/src", async (filePath) => {
    const code = [
      'import { createDb } from "../../api/src/db/database.ts";',
      'import { formatToken } from "../web/src/shared/format/index.ts";',
      "export { createDb, formatToken };",
    ].join("\n");
    expect(await restrictedImports(filePath, code)).toHaveLength(2);
  });

  it("imports the workspaces through their package entries", async () => {
    const code = [
      'import { createDb } from "@pli/api/db/database";',
      'import { createAdmin } from "@pli/api/admin";',
      'import { formatToken } from "@pli/web/shared/format";',
      "export { createDb, createAdmin, formatToken };",
    ].join("\n");
    expect(await restrictedImports("e2e/sample.browser.test.ts", code)).toEqual([]);
  });
});
