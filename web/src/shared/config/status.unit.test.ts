import { JOB_STATUS, NODE_STATUS, STAKE_STATUS } from "@pli/api/public-contract";
import { describe, expect, it } from "vitest";
import { statusBadge } from "./status";

describe("statusBadge", () => {
  it("is keyed by entity and status: a job's Pending is not a node's Pending for Approval", () => {
    expect(statusBadge("node", NODE_STATUS.pending)).toEqual({ label: "Pending for Approval", tone: "warning" });
    expect(statusBadge("job", JOB_STATUS.pending)).toEqual({ label: "Pending", tone: "warning" });
  });

  it("uses the spec's display labels and colours", () => {
    expect(statusBadge("node", NODE_STATUS.return).label).toBe("Returned for Modification");
    expect(statusBadge("node", NODE_STATUS.deActive).label).toBe("De-Activated");
    expect(statusBadge("stake", STAKE_STATUS.stake)).toEqual({ label: "Staked", tone: "success" });
    expect(statusBadge("stake", STAKE_STATUS.unlock)).toEqual({ label: "Unlocked", tone: "warning" });
    expect(statusBadge("stake", STAKE_STATUS.withdraw)).toEqual({ label: "Withdrawn", tone: "danger" });
    expect(statusBadge("job", JOB_STATUS.approved).tone).toBe("primary");
    expect(statusBadge("job", JOB_STATUS.rejected).tone).toBe("danger");
  });

  it("shows an unknown value as itself, muted", () => {
    expect(statusBadge("request", "Archived")).toEqual({ label: "Archived", tone: "muted" });
  });
});
