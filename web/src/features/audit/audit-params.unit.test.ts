import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { auditQuery, type AuditFilterParams } from "./audit-params";

const none: AuditFilterParams = { adminId: "", action: "", recordType: "", recordId: "", from: "", to: "" };

describe("auditQuery", () => {
  it("leaves empty filters out and trims the rest", () => {
    expect(auditQuery({ ...none, action: "invite.add", recordId: "  abc " })).toEqual({
      action: "invite.add",
      recordId: "abc",
    });
  });

  it("turns a date range into whole days of the admin's own time zone", () => {
    const query = auditQuery({ ...none, from: "2026-11-20", to: "2026-11-21" });
    expect(query.from).toBe(dayjs("2026-11-20T00:00:00").toISOString());
    expect(query.to).toBe(dayjs("2026-11-21T23:59:59.999").toISOString());
  });

  it("passes a date it cannot read as typed, for the API to name the field", () => {
    expect(auditQuery({ ...none, from: "yesterday" })).toEqual({ from: "yesterday" });
  });
});
