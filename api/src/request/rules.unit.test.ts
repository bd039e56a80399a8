import { describe, expect, it } from "vitest";
import { NODE_STATUS, REQUEST_STATUS } from "../contract/domain.ts";
import { allowedRequestStatuses, decideRequestStatus, isOpenRequest, REQUEST_RULE_MESSAGES, REQUEST_STATUSES, REQUESTABLE_NODE_STATUSES, showsDepositView } from "./rules.ts";

const whitelisted = { farmWhitelisted: true };
const notWhitelisted = { farmWhitelisted: false };

describe("request status rules (spec 4)", () => {
  it("allows Verified from every status, whatever the chain shows", () => {
    for (const from of REQUEST_STATUSES) {
      expect(decideRequestStatus(from, REQUEST_STATUS.verified, notWhitelisted)).toEqual({ allowed: true });
    }
  });

  it("allows Approved from any status but Approved, and only once the farm whitelist is indexed", () => {
    for (const from of [REQUEST_STATUS.pending, REQUEST_STATUS.verified, REQUEST_STATUS.rejected]) {
      expect(decideRequestStatus(from, REQUEST_STATUS.approved, whitelisted)).toEqual({ allowed: true });
      expect(decideRequestStatus(from, REQUEST_STATUS.approved, notWhitelisted)).toEqual({ allowed: false, reason: REQUEST_RULE_MESSAGES.requestNotFarmWhitelisted });
    }
    expect(decideRequestStatus(REQUEST_STATUS.approved, REQUEST_STATUS.approved, whitelisted)).toEqual({ allowed: false, reason: REQUEST_RULE_MESSAGES.requestAlreadyApproved });
  });

  it("allows Rejected from any status but Rejected", () => {
    for (const from of [REQUEST_STATUS.pending, REQUEST_STATUS.verified, REQUEST_STATUS.approved]) {
      expect(decideRequestStatus(from, REQUEST_STATUS.rejected, notWhitelisted)).toEqual({ allowed: true });
    }
    expect(decideRequestStatus(REQUEST_STATUS.rejected, REQUEST_STATUS.rejected, whitelisted)).toEqual({ allowed: false, reason: REQUEST_RULE_MESSAGES.requestAlreadyRejected });
  });

  it("offers the admin only the statuses the rules allow", () => {
    expect(allowedRequestStatuses(REQUEST_STATUS.pending)).toEqual([REQUEST_STATUS.verified, REQUEST_STATUS.approved, REQUEST_STATUS.rejected]);
    expect(allowedRequestStatuses(REQUEST_STATUS.approved)).toEqual([REQUEST_STATUS.verified, REQUEST_STATUS.rejected]);
    expect(allowedRequestStatuses(REQUEST_STATUS.rejected)).toEqual([REQUEST_STATUS.verified, REQUEST_STATUS.approved]);
    expect(allowedRequestStatuses(REQUEST_STATUS.verified)).toEqual([REQUEST_STATUS.verified, REQUEST_STATUS.approved, REQUEST_STATUS.rejected]);
  });

  it("keeps a request open until it is Rejected, and shows the deposit view only when Approved", () => {
    expect(REQUEST_STATUSES.filter(isOpenRequest)).toEqual([REQUEST_STATUS.pending, REQUEST_STATUS.approved, REQUEST_STATUS.verified]);
    expect(REQUEST_STATUSES.filter(showsDepositView)).toEqual([REQUEST_STATUS.approved]);
    expect(showsDepositView(null)).toBe(false);
  });

  it("lets an operator ask only for an Approved or Active node", () => {
    expect(REQUESTABLE_NODE_STATUSES).toEqual([NODE_STATUS.approved, NODE_STATUS.active]);
  });
});
