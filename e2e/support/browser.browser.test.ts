import { randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { launchBrowser, runTag, stopRunBrowsers } from "./browser.ts";

test("the run's teardown stops a browser its worker left running, and no other", async () => {
  const tag = `probe-${randomBytes(4).toString("hex")}`;
  const left = await launchBrowser([runTag(tag)]);
  const other = await launchBrowser([runTag(`${tag}-other`)]);
  try {
    const gone = new Promise<void>((resolve) => left.once("disconnected", () => resolve()));
    stopRunBrowsers(tag);
    await gone;
    expect(left.isConnected()).toBe(false);
    expect(other.isConnected()).toBe(true);
    expect((await other.newPage()).url()).toBe("about:blank");
  } finally {
    await other.close();
    await left.close().catch(() => undefined);
  }
});
