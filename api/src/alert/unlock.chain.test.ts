import { describe, expect, it } from "vitest";
import { pli } from "../../../test/chain.ts";
import { chainAppTest, freshOperator, type ChainApp } from "../../test/chain-app.ts";
import { approvedNode } from "../../test/incentives.ts";
import { API } from "../public-contract/index.ts";
import { HANDLER } from "../handlers.ts";
import { scanUnlocks } from "./chain-scan.ts";
import { sendPendingMails } from "../mail/index.ts";
import { startWebhookReceiver } from "../../../test/webhook-receiver.ts";
import { deliverPendingWebhooks } from "../webhook/index.ts";

/**
 * Stake unlock alerts from the chain: stakes and unlocks sent to anvil, indexed by Ponder into the
 * API's database, found by the unlock-scan handler and mailed to the operator whose wallet it is. On the worker's
 * shared chain app: fresh operators, and only their mails and their webhook's deliveries are read.
 */
let app: ChainApp;

chainAppTest.beforeAll(({ chainApp }) => {
  app = chainApp;
});

const mailsTo = (to: string) => app.smtp.textsTo(to);
/** What follows an indexed range for unlocks: the scan records the alerts, the mail handler sends them. */
async function scanAndMail() {
  await app.t.handlers.run(HANDLER.unlockScan);
  await sendPendingMails(app.t.mailSender);
}

describe("stake unlocked alerts", () => {
  it("an indexed unlock mails its operator once however often the scan runs; an operator who turned the kind off gets none", async () => {
    const { t, chain, synced } = app;
    const admin = await t.adminToken(await t.addAdmin());
    const [a, b] = [await freshOperator(app), await freshOperator(app)];
    const nodeOfA = await approvedNode(app, admin, a, app.nodeNumber(), { name: "Alpha" });
    const nodeOfB = await approvedNode(app, admin, b, app.nodeNumber());
    await chain.mined(chain.as(a.key).staking.write.stakeTokens([pli(50_000), nodeOfA.node]));
    await chain.mined(chain.as(b.key).staking.write.stakeTokens([pli(50_000), nodeOfB.node]));
    await synced();
    await scanAndMail();
    expect(mailsTo(a.email).filter((mail) => mail.includes("unlocked"))).toHaveLength(0);

    const off = await t.call("PUT", API.alert.preferences, {
      token: b.token,
      body: { nodeInactive: true, nodeStatus: true, jobStatus: true, stakeUnlocked: false },
    });
    expect(off.status).toBe(200);
    const receiver = await startWebhookReceiver();
    const hook = await t.call("POST", API.webhook.root, {
      token: a.token,
      body: { kind: "slack", url: `${receiver.url}/unlocks` },
    });
    expect(hook.status).toBe(201);
    const unlock = await chain.mined(chain.as("owner").staking.write.unlock([a.address, nodeOfA.node]));
    await chain.mined(chain.as("owner").staking.write.unlock([b.address, nodeOfB.node]));
    await synced();
    await Promise.all([scanAndMail(), scanAndMail()]);
    await scanAndMail();

    const unlocked = mailsTo(a.email).filter((mail) => mail.includes("Subject: Stake unlocked"));
    expect(unlocked).toHaveLength(1);
    expect(unlocked[0]).toContain("Stake unlocked on node Alpha");
    expect(unlocked[0]).toContain("50000 PLI");
    expect(unlocked[0]).toContain(unlock.transactionHash);
    expect(mailsTo(b.email).filter((mail) => mail.includes("Subject: Stake unlocked"))).toHaveLength(0);

    await deliverPendingWebhooks(t.webhookSender);
    await receiver.stop();
    expect(receiver.received.map((request) => JSON.parse(request.body).text)).toEqual([
      "Stake unlocked on node Alpha: Your stake of 50000 PLI on node Alpha is unlocked: you can withdraw it on the portal.",
    ]);
  }, 90_000);

  it("an unlock is told once two blocks are on its block when the depth is two, not before", async () => {
    const { t, chain, synced } = app;
    const admin = await t.adminToken(await t.addAdmin());
    const operator = await freshOperator(app);
    const { node } = await approvedNode(app, admin, operator, app.nodeNumber(), { name: "Deep" });
    await chain.mined(chain.as(operator.key).staking.write.stakeTokens([pli(50_000), node]));
    const unlock = await chain.mined(chain.as("owner").staking.write.unlock([operator.address, node]));
    await synced();
    const toldBefore = (
      await t.db.selectFrom("app.mail_outbox").select("event_key").where("kind", "=", "stakeUnlocked").execute()
    ).length;
    expect(await scanUnlocks(t.db, 2)).toBe(0);
    await chain.testClient.mine({ blocks: 1 });
    await synced();
    expect(await scanUnlocks(t.db, 2)).toBe(0);
    await chain.testClient.mine({ blocks: 1 });
    await synced();
    expect(await scanUnlocks(t.db, 2)).toBe(1);
    expect(await scanUnlocks(t.db, 2)).toBe(0);
    await sendPendingMails(t.mailSender);
    const mails = mailsTo(operator.email).filter((mail) => mail.includes("Subject: Stake unlocked"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(unlock.transactionHash);
    expect(
      (await t.db.selectFrom("app.mail_outbox").select("event_key").where("kind", "=", "stakeUnlocked").execute())
        .length,
    ).toBe(toldBefore + 1);
  }, 90_000);
});
