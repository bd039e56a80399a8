import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const valid = {
  APP_ENV: "development",
  DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/pli",
  RPC_URL: "http://127.0.0.1:8545",
  CHAIN_ID: "51",
  PLI_TOKEN_ADDRESS: "xdc5fbdb2315678afecb367f032d93f642f64180aa3",
  STAKING_ADDRESS: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
  FARM_ADDRESS: "0x9fE46736679d2D9a65F0592F2260aDf7c5e4Ed4c",
};

function problemsOf(env: Record<string, string | undefined>): Record<string, string> {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("configuration was accepted");
}

describe("API configuration", () => {
  it("parses a valid environment, normalising xdc addresses to checksummed 0x", () => {
    const config = loadConfig(valid);
    expect(config.PLI_TOKEN_ADDRESS).toBe("0x5FbDB2315678afecb367f032d93F642f64180aa3");
    expect(config.CHAIN_ID).toBe(51);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("defaults to production, which needs a session secret, SMTP and the webhook secrets' key", () => {
    const { APP_ENV: _dev, ...production } = valid;
    expect(problemsOf(production)).toEqual({
      JWT_SECRET: "is required outside development",
      SMTP_URL: "is required in production",
      WEBHOOK_SECRET_KEY: "is required in production",
    });
    expect(problemsOf({ ...valid, WEBHOOK_SECRET_KEY: "short" })).toEqual({
      WEBHOOK_SECRET_KEY: "must be 64 hex characters (openssl rand -hex 32)",
    });
    const key = "ab".repeat(32);
    expect(
      loadConfig({
        ...production,
        JWT_SECRET: "x".repeat(32),
        SMTP_URL: "smtp://127.0.0.1:25",
        WEBHOOK_SECRET_KEY: key,
      }).APP_ENV,
    ).toBe("production");
  });

  it("lets nodes register private IP addresses only outside production, unless told", () => {
    const production = {
      ...valid,
      APP_ENV: "production",
      JWT_SECRET: "x".repeat(32),
      SMTP_URL: "smtp://127.0.0.1:25",
      WEBHOOK_SECRET_KEY: "ab".repeat(32),
    };
    expect(loadConfig(valid).NODE_PRIVATE_IPS).toBe(true);
    expect(loadConfig(production).NODE_PRIVATE_IPS).toBe(false);
    expect(loadConfig({ ...production, NODE_PRIVATE_IPS: "true" }).NODE_PRIVATE_IPS).toBe(true);
    expect(problemsOf({ ...valid, NODE_PRIVATE_IPS: "yes" }).NODE_PRIVATE_IPS).toBeDefined();
  });

  it("takes a variable set to an empty value as unset: defaults apply, a required one is named", () => {
    const config = loadConfig({ ...valid, WS_URL: "", SMTP_URL: " ", NODE_PROBE_PORT: "" });
    expect(config.WS_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.NODE_PROBE_PORT).toBe(6688);
    expect(problemsOf({ ...valid, RPC_URL: "" })).toEqual({ RPC_URL: "is required" });
  });

  it("names every missing variable", () => {
    expect(problemsOf({ APP_ENV: "development" })).toEqual({
      DATABASE_URL: "is required",
      RPC_URL: "is required",
      CHAIN_ID: "is required",
      PLI_TOKEN_ADDRESS: "is required",
      STAKING_ADDRESS: "is required",
      FARM_ADDRESS: "is required",
    });
  });

  it("names each bad variable with the reason", () => {
    const problems = problemsOf({ ...valid, RPC_URL: "ftp://x", STAKING_ADDRESS: "0x1234", API_PORT: "99999" });
    expect(Object.keys(problems).sort()).toEqual(["API_PORT", "RPC_URL", "STAKING_ADDRESS"]);
    expect(problems.STAKING_ADDRESS).toMatch(/address/);
    expect(problems.RPC_URL).toMatch(/http/);
  });

  it("serves metrics only on a port of their own, with a token long enough to guess at", () => {
    expect(loadConfig(valid).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ ...valid, METRICS_PORT: "9464" })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: "0.0.0.0",
    });
    expect(problemsOf({ ...valid, API_PORT: "9464", METRICS_PORT: "9464" })).toEqual({
      METRICS_PORT: "must differ from API_PORT",
    });
    expect(problemsOf({ ...valid, METRICS_PORT: "0", METRICS_TOKEN: "short" })).toEqual({
      METRICS_PORT: expect.any(String),
      METRICS_TOKEN: "must be at least 16 characters",
    });
  });

  it("names a variable that is not a URL at all instead of failing on it", () => {
    const problems = problemsOf({ ...valid, RPC_URL: "not a url", DATABASE_URL: "" });
    expect(Object.keys(problems).sort()).toEqual(["DATABASE_URL", "RPC_URL"]);
    expect(problems.RPC_URL).toMatch(/url/i);
  });

  it("takes an analyst password of 16 characters or more, and none when it is unset or empty", () => {
    expect(loadConfig({ ...valid, ANALYST_PASSWORD: "sixteen-chars-ok" }).ANALYST_PASSWORD).toBe("sixteen-chars-ok");
    expect(loadConfig({ ...valid, ANALYST_PASSWORD: "" }).ANALYST_PASSWORD).toBeUndefined();
    expect(loadConfig(valid).ANALYST_PASSWORD).toBeUndefined();
    expect(problemsOf({ ...valid, ANALYST_PASSWORD: "fifteen-chars-x" })).toEqual({
      ANALYST_PASSWORD: "must be at least 16 characters",
    });
  });
});
