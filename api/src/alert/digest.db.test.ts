import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithSmtp, type TestAppWithSmtp } from "../../test/app-fixture.ts";
import { nodeWithStatus, operatorWithActiveNode, submitJob } from "../../test/jobs.ts";
import { API, NODE_STATUS } from "../public-contract/index.ts";
import { adminDigestJob } from "./jobs.ts";

let t: TestAppWithSmtp;
let admins: { email: string }[];

beforeAll(async () => {
  t = await createTestAppWithSmtp();
  admins = [await t.addAdmin(), await t.addAdmin()];
});
afterAll(() => t?.close());

const digestsTo = (to: string) => t.smtp.textsTo(to).filter((text) => text.includes("Subject: Pending on"));
const runDigest = async (at: string) => {
  const job = adminDigestJob(t.mailSender, () => new Date(at));
  await Promise.all([job.run(), job.run()]);
  await job.run();
};

describe("the admins' daily digest", () => {
  it("sends nothing while nothing is pending, then one mail per admin per day listing pending nodes, jobs and interest requests", async () => {
    await runDigest("2026-11-02T06:00:00Z");
    for (const admin of admins) expect(digestsTo(admin.email)).toHaveLength(0);

    const owner = await operatorWithActiveNode(t);
    await nodeWithStatus(t, owner.token, NODE_STATUS.pending);
    await submitJob(t, owner);
    expect(
      (await t.call("POST", API.stakeRequest.root, { token: owner.token, body: { nodeId: owner.nodeId } })).status,
    ).toBe(201);

    await runDigest("2026-11-03T06:00:00Z");
    await runDigest("2026-11-03T18:00:00Z");
    for (const admin of admins) {
      const mails = digestsTo(admin.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(
        "Subject: Pending on 2026-11-03: 1 node request, 1 job request, 1 interest request, 0 open tickets",
      );
      expect(mails[0]).toContain(`PLI/XDC price on node Node`);
      expect(mails[0]).toContain(`of ${owner.email}`);
    }
    await runDigest("2026-11-04T06:00:00Z");
    for (const admin of admins) expect(digestsTo(admin.email)).toHaveLength(2);
  });
});
