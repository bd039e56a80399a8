import { JOB_STATUS, NODE_STATUS, STAKE_REQUEST_STATUS, STAKE_STATUS } from "@pli/api/public-contract";
import { describe, expect, it } from "vitest";
import { STATUS_BADGES, statusBadge } from "./status";

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

describe("the status colours", () => {
  it("give one label one colour on every screen: an Approved node, job and stake request look alike", () => {
    const tones = new Map<string, Set<string>>();
    for (const badges of Object.values(STATUS_BADGES))
      for (const { label, tone } of Object.values(badges) as { label: string; tone: string }[])
        tones.set(label, (tones.get(label) ?? new Set()).add(tone));
    const mixed = [...tones]
      .filter(([, set]) => set.size > 1)
      .map(([label, set]) => `${label}: ${[...set].join(", ")}`);
    expect(mixed).toEqual([]);
    expect(statusBadge("request", STAKE_REQUEST_STATUS.approved).tone).toBe(
      statusBadge("job", JOB_STATUS.approved).tone,
    );
  });
});
