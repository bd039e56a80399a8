import { Hono } from "hono";
import { expect, it } from "vitest";
import type { AppEnv } from "../app-env.ts";
import { handleError } from "./errors.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

/** An app whose one route throws `error`, answered by the API's error mapping. */
async function answerTo(error: Error) {
  const app = new Hono<AppEnv>();
  app.post("/", () => {
    throw error;
  });
  app.onError((thrown, c) => handleError(thrown, c));
  const response = await app.request("/", { method: "POST" });
  return { status: response.status, body: (await response.json()) as { error: string } };
}

it("answers 409 to a write the database refused because another change came first, and 500 to anything else", async () => {
  const raced = [
    withCode('insert or update on table "stake_request" violates foreign key constraint', "23503"),
    withCode("duplicate key value violates unique constraint", "23505"),
    withCode("could not serialize access due to concurrent update", "40001"),
    withCode("deadlock detected", "40P01"),
    new Error("query failed", { cause: withCode("violates foreign key constraint", "23503") }),
  ];
  for (const error of raced)
    expect(await answerTo(error), error.message).toEqual({
      status: 409,
      body: { error: "The record changed while this was being saved: reload and try again" },
    });
  expect((await answerTo(withCode('relation "app.nothing" does not exist', "42P01"))).status).toBe(500);
  expect((await answerTo(new TypeError("Cannot read properties of undefined"))).status).toBe(500);
});
