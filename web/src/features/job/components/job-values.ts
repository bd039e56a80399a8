import {
  JOB_REVIEW_STATUSES,
  type JobField,
  type JobNetwork,
  type JobResponse,
  type JobReviewStatus,
} from "@pli/api/public-contract";

/** A job's fields as a form shows them: numbers as text, an absent number as an empty field. */
export const jobFormValues = (
  job: JobResponse,
): Record<Exclude<JobField, "network">, string> & { network: JobNetwork } => ({
  name: job.name,
  description: job.description,
  oracleAddress: job.oracleAddress,
  jobID: job.jobID,
  cost: job.cost,
  jobSource: job.jobSource,
  jobProvider: job.jobProvider,
  jobCategoryID: job.jobCategoryID,
  indexPair: job.indexPair,
  contractAddress: job.contractAddress,
  network: job.network,
  polltimer: job.polltimer === null ? "" : String(job.polltimer),
  minimumOracle: job.minimumOracle === null ? "" : String(job.minimumOracle),
  eacAddress: job.eacAddress,
  accessAddress: job.accessAddress,
  deviation: job.deviation ?? "",
});

/** The values of a stored multi-line field, one per line. */
export const linesOf = (text: string) => (text === "" ? [] : text.split("\n"));

/** Whether a job's status is one an admin sets (Approved or Rejected), not the initial Pending. */
export const isReviewStatus = (status: string): status is JobReviewStatus =>
  (JOB_REVIEW_STATUSES as readonly string[]).includes(status);
