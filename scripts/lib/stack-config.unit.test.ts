import { describe, expect, it } from "vitest";
import { parseStackEnv, StackConfigError } from "./stack-config.ts";

const API_URL = "postgresql://pli_api:a@db.example.com:5432/pli";
const OWNER_URL = "postgresql://pli_owner:o@db.example.com:5432/pli";
const INDEXER_URL = "postgresql://pli_indexer:i@db.example.com:5432/pli";

const problemsOf = (env: Record<string, string>) => {
  try {
    parseStackEnv(env, "/srv");
    return null;
  } catch (error) {
    if (!(error instanceof StackConfigError)) throw error;
    return error.problems;
  }
};

describe("npm start's external database", () => {
  it("takes each of the portal's roles' URLs, all three or none, naming the missing ones", () => {
    expect(problemsOf({ DATABASE_URL: API_URL })).toEqual({
      DATABASE_OWNER_URL: `is required when DATABASE_URL is set (each role signs in as itself: docs/running.md, "Database roles")`,
      INDEXER_DATABASE_URL: `is required when DATABASE_URL is set (each role signs in as itself: docs/running.md, "Database roles")`,
    });
    expect(problemsOf({ DATABASE_OWNER_URL: OWNER_URL, INDEXER_DATABASE_URL: INDEXER_URL })).toEqual({
      DATABASE_URL: `is required when DATABASE_OWNER_URL and INDEXER_DATABASE_URL are set (each role signs in as itself: docs/running.md, "Database roles")`,
    });
    expect(
      parseStackEnv({ DATABASE_URL: API_URL, DATABASE_OWNER_URL: OWNER_URL, INDEXER_DATABASE_URL: INDEXER_URL }, "/srv")
        .database,
    ).toEqual({ api: API_URL, owner: OWNER_URL, indexer: INDEXER_URL });
    expect(parseStackEnv({}, "/srv").database).toBeUndefined();
  });
});
