import { hc, type InferRequestType, type InferResponseType } from "hono/client";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { AppType } from "./app.ts";
import type { RpcUrlInput, RpcUrlResponse, SettingResponse } from "./public-contract/index.ts";

const client = hc<AppType>("http://portal.test");

describe("the typed client (hc<AppType>)", () => {
  it("takes its request and response types from the route declarations", () => {
    expectTypeOf<
      InferResponseType<typeof client.api.rpcurl.$get, 200>["docs"][number]
    >().toEqualTypeOf<RpcUrlResponse>();
    expectTypeOf<InferRequestType<typeof client.api.rpcurl.$post>["json"]>().toEqualTypeOf<RpcUrlInput>();
    expectTypeOf<InferResponseType<typeof client.api.setting.$get, 200>>().toEqualTypeOf<SettingResponse>();
    expectTypeOf<InferResponseType<typeof client.api.user.login.$post, 200>>().toEqualTypeOf<{ token: string }>();
  });

  it("builds the spec's paths", () => {
    expect(client.api.rpcurl.edit.$url().pathname).toBe("/api/rpcurl/edit");
    expect(client.api.admin.verifyotp.$url().pathname).toBe("/api/admin/verifyotp");
  });
});
