import { z } from "zod";
import { ALERT_KIND, alertMail } from "../alert/index.ts";

/** The alerts about an operator's node: a day it was inactive, and an admin's change of its status. */
export const NODE_MAILS = {
  [ALERT_KIND.nodeInactive]: alertMail(
    ALERT_KIND.nodeInactive,
    z.object({ nodeName: z.string(), ipaddress: z.string(), day: z.string() }),
    (d) => ({
      subject: `Node ${d.nodeName} was inactive on ${d.day}`,
      lines: [
        `Your node ${d.nodeName} (${d.ipaddress}) answered fewer than half of the portal's checks on ${d.day} (UTC), so that day counts as inactive.`,
        "Inactive days lower the node's reputation and its incentive.",
      ],
    }),
  ),
  [ALERT_KIND.nodeStatus]: alertMail(
    ALERT_KIND.nodeStatus,
    z.object({ nodeName: z.string(), from: z.string().nullable(), to: z.string(), notes: z.string() }),
    (d) => ({
      subject: `Node ${d.nodeName}: status ${d.to}`,
      lines: [
        `An admin changed the status of your node ${d.nodeName}${d.from ? ` from ${d.from}` : ""} to ${d.to}.`,
        ...(d.notes ? ["", "Admin notes:", d.notes] : []),
      ],
    }),
  ),
};

type NodeMails = typeof NODE_MAILS;
declare module "../mail/template.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges this feature's kinds into the list
  interface MailTemplates extends NodeMails {}
}
