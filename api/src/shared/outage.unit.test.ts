import { BaseError, ContractFunctionRevertedError, HttpRequestError, TimeoutError } from "viem";
import { expect, it } from "vitest";
import { outageOf } from "./outage.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

it("names the database for a refused, lost or shutting-down Postgres connection", () => {
  expect(outageOf(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe("database");
  expect(outageOf(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]))).toBe("database");
  expect(outageOf(withCode("terminating connection due to administrator command", "57P01"))).toBe("database");
  expect(outageOf(withCode("the database system is starting up", "57P03"))).toBe("database");
  expect(outageOf(new Error("Connection terminated unexpectedly"))).toBe("database");
  expect(outageOf(new Error("timeout exceeded when trying to connect"))).toBe("database");
});

it("names the chain for an RPC that refuses, fails or does not answer in time", () => {
  expect(outageOf(new HttpRequestError({ url: "http://rpc", status: 503 }))).toBe("chain");
  expect(outageOf(new TimeoutError({ body: {}, url: "http://rpc" }))).toBe("chain");
  expect(outageOf(new BaseError("call failed", { cause: new HttpRequestError({ url: "http://rpc" }) }))).toBe("chain");
});

it("leaves every other failure a 500: query errors, reverts, bugs, another service's refused fetch", () => {
  expect(outageOf(withCode('relation "app.nothing" does not exist', "42P01"))).toBeNull();
  expect(outageOf(withCode("duplicate key value violates unique constraint", "23505"))).toBeNull();
  expect(outageOf(new ContractFunctionRevertedError({ abi: [], functionName: "stake" }))).toBeNull();
  expect(outageOf(new TypeError("Cannot read properties of undefined"))).toBeNull();
  expect(
    outageOf(new TypeError("fetch failed", { cause: withCode("connect ECONNREFUSED 10.0.0.1:443", "ECONNREFUSED") })),
  ).toBeNull();
});
