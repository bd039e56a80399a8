import { describe, expect, it } from "vitest";
import { NODE_STATUS } from "../public-contract/domain.ts";
import { healthCrossing } from "../node/schema.ts";
import { isPublicAddress } from "../shared/public-address.ts";
import { maskedTarget, retryDelaySeconds } from "./rules.ts";

describe("the addresses a webhook may reach in production", () => {
  it("accepts public unicast addresses, IPv4 and IPv6", () => {
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:93.184.216.34"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses private, loopback, link-local, unique-local, CGNAT, unspecified and IPv4-embedding forms", () => {
    for (const address of [
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "127.0.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "fc00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "64:ff9b::a00:1",
      "2002:a00:1::",
      "::127.0.0.1",
      "::a9fe:a9fe",
      "::7f00:1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe("webhook rules", () => {
  it("masks a target URL down to its host and last characters", () => {
    expect(maskedTarget("discord", "https://discord.com/api/webhooks/123/secret-token-abcd")).toBe("discord.com/…abcd");
    expect(maskedTarget("json", "https://alerts.example.com/pli")).toBe("alerts.example.com/pli");
    expect(maskedTarget("telegram", "-100200")).toBe("chat -100200");
  });

  it("waits 30 s after the first failure and four times longer after each next one", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 120, 480, 1920]);
  });
});

describe("a node crossing the stopped-answering rule", () => {
  const active = NODE_STATUS.active;
  it("is down on the third miss in a row only, and up on the first answer after", () => {
    expect(healthCrossing(active, [false, false])).toBeNull();
    expect(healthCrossing(active, [false, false, false])).toBe("down");
    expect(healthCrossing(active, [false, false, false, true])).toBe("down");
    expect(healthCrossing(active, [false, false, false, false])).toBeNull();
    expect(healthCrossing(active, [true, false, false, false])).toBe("up");
    expect(healthCrossing(active, [true, false, false, true])).toBeNull();
    expect(healthCrossing(NODE_STATUS.pending, [false, false, false])).toBeNull();
  });
});
