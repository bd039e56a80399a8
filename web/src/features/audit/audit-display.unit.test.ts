import { describe, expect, it } from "vitest";
import { auditChanges } from "./audit-display";

describe("auditChanges", () => {
  it("lists only the keys whose values differ, old and new as text", () => {
    expect(
      auditChanges(
        { applicationName: "Portal", minimumStake: "50000", limits: { max: 1 } },
        { applicationName: "Portal", minimumStake: "60000", limits: { max: 2 } },
      ),
    ).toEqual([
      { key: "minimumStake", before: "50000", after: "60000" },
      { key: "limits", before: '{"max":1}', after: '{"max":2}' },
    ]);
  });

  it("shows a created record's keys as set and a deleted record's as removed", () => {
    expect(auditChanges(null, { email: "one@example.com", active: true })).toEqual([
      { key: "email", after: "one@example.com" },
      { key: "active", after: "true" },
    ]);
    expect(auditChanges({ email: "one@example.com" }, null)).toEqual([{ key: "email", before: "one@example.com" }]);
  });

  it("compares values that are not objects as one whole value", () => {
    expect(auditChanges("Pending", "Approved")).toEqual([{ key: "value", before: "Pending", after: "Approved" }]);
    expect(auditChanges([1], [1])).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
