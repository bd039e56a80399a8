import { z } from "zod";
import { ALERT_KIND, alertMail } from "../alert/index.ts";

/** The alert about an operator's job: an admin reviewed it. */
export const JOB_MAILS = {
  [ALERT_KIND.jobStatus]: alertMail(
    ALERT_KIND.jobStatus,
    z.object({
      jobName: z.string(),
      nodeName: z.string(),
      status: z.string(),
      jobStatus: z.string().nullable(),
      adminNotes: z.string(),
    }),
    (d) => ({
      subject: `Job ${d.jobName}: ${d.status}${d.jobStatus ? `, ${d.jobStatus}` : ""}`,
      lines: [
        `An admin reviewed your job ${d.jobName} on node ${d.nodeName}.`,
        `Status: ${d.status}`,
        ...(d.jobStatus ? [`Job status: ${d.jobStatus}`] : []),
        ...(d.adminNotes ? ["", "Admin notes:", d.adminNotes] : []),
      ],
    }),
  ),
};

type JobMails = typeof JOB_MAILS;
declare module "../mail/template.ts" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges this feature's kinds into the list
  interface MailTemplates extends JobMails {}
}
