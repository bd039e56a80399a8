import { JOB_STATUS, jobEditSchema, type JobResponse } from "@pli/api/public-contract";
import { describe, expect, it } from "vitest";
import { isReviewStatus, jobFormValues, linesOf } from "./job-values";

const job: JobResponse = {
  _id: "00000000-0000-4000-8000-000000000001",
  name: "PLI/XDC price",
  description: "",
  oracleAddress: "0x0c00000000000000000000000000000000000001\n0x0c00000000000000000000000000000000000002",
  jobID: "a1\nb2",
  cost: "0.1",
  jobSource: "https://api.example.com/a\nhttps://api.example.com/b",
  jobProvider: "",
  jobCategoryID: "00000000-0000-4000-8000-000000000002",
  categoryName: "Price Feed",
  indexPair: "PLI/XDC",
  contractAddress: "",
  network: "XDC Apothem",
  polltimer: null,
  minimumOracle: 2,
  eacAddress: "",
  accessAddress: "",
  deviation: null,
  nodeSettingID: "00000000-0000-4000-8000-000000000003",
  status: JOB_STATUS.pending,
  jobStatus: null,
  adminNotes: "",
  jobChange: false,
  date: "2026-01-02T03:04:05.000Z",
  updatedAt: "2026-01-02T03:04:05.000Z",
  user: { _id: "u", name: "0xabc", email: "o@example.com", walletAddress: "0xabc" },
  nodesetting: { _id: "n", name: "Node", ipaddress: "203.0.113.1", provider: "AWS" },
};

describe("jobFormValues", () => {
  it("shows numbers as text and an absent number as an empty field", () => {
    const values = jobFormValues(job);
    expect(values.polltimer).toBe("");
    expect(values.minimumOracle).toBe("2");
    expect(values.deviation).toBe("");
  });

  it("gives values the API's edit schema reads back as the stored job", () => {
    const parsed = jobEditSchema.parse({ _id: job._id, ...jobFormValues(job) });
    expect(parsed).toMatchObject({
      polltimer: null,
      minimumOracle: 2,
      deviation: null,
      cost: "0.1",
      oracleAddress: job.oracleAddress,
      jobSource: job.jobSource,
    });
  });
});

describe("linesOf and isReviewStatus", () => {
  it("splits a stored multi-line field into its values; empty has none", () => {
    expect(linesOf(job.jobID)).toEqual(["a1", "b2"]);
    expect(linesOf("")).toEqual([]);
  });

  it("knows the statuses an admin sets", () => {
    expect(isReviewStatus(JOB_STATUS.approved)).toBe(true);
    expect(isReviewStatus(JOB_STATUS.rejected)).toBe(true);
    expect(isReviewStatus(JOB_STATUS.pending)).toBe(false);
  });
});
