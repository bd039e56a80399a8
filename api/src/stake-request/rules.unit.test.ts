import { describe, expect, it } from "vitest";
import { NODE_STATUS, STAKE_REQUEST_STATUS } from "../public-contract/domain.ts";
import {
  allowedStakeRequestStatuses,
  decideStakeRequestStatus,
  isOpenStakeRequest,
  STAKE_REQUEST_RULE_MESSAGES,
  STAKE_REQUEST_STATUSES,
  STAKE_REQUESTABLE_NODE_STATUSES,
  showsDepositView,
} from "./rules.ts";

const whitelisted = { farmWhitelisted: true };
const notWhitelisted = { farmWhitelisted: false };

describe("request status rules (spec 4)", () => {
  it("allows Verified from every status, whatever the chain shows", () => {
    for (const from of STAKE_REQUEST_STATUSES) {
      expect(decideStakeRequestStatus(from, STAKE_REQUEST_STATUS.verified, notWhitelisted)).toEqual({ allowed: true });
    }
  });

  it("allows Approved from any status but Approved, and only once the farm whitelist is indexed", () => {
    for (const from of [STAKE_REQUEST_STATUS.pending, STAKE_REQUEST_STATUS.verified, STAKE_REQUEST_STATUS.rejected]) {
      expect(decideStakeRequestStatus(from, STAKE_REQUEST_STATUS.approved, whitelisted)).toEqual({ allowed: true });
      expect(decideStakeRequestStatus(from, STAKE_REQUEST_STATUS.approved, notWhitelisted)).toEqual({
        allowed: false,
        reason: STAKE_REQUEST_RULE_MESSAGES.requestNotFarmWhitelisted,
      });
    }
    expect(decideStakeRequestStatus(STAKE_REQUEST_STATUS.approved, STAKE_REQUEST_STATUS.approved, whitelisted)).toEqual(
      { allowed: false, reason: STAKE_REQUEST_RULE_MESSAGES.requestAlreadyApproved },
    );
  });

  it("allows Rejected from any status but Rejected", () => {
    for (const from of [STAKE_REQUEST_STATUS.pending, STAKE_REQUEST_STATUS.verified, STAKE_REQUEST_STATUS.approved]) {
      expect(decideStakeRequestStatus(from, STAKE_REQUEST_STATUS.rejected, notWhitelisted)).toEqual({ allowed: true });
    }
    expect(decideStakeRequestStatus(STAKE_REQUEST_STATUS.rejected, STAKE_REQUEST_STATUS.rejected, whitelisted)).toEqual(
      { allowed: false, reason: STAKE_REQUEST_RULE_MESSAGES.requestAlreadyRejected },
    );
  });

  it("offers the admin only the statuses the rules allow", () => {
    expect(allowedStakeRequestStatuses(STAKE_REQUEST_STATUS.pending)).toEqual([
      STAKE_REQUEST_STATUS.verified,
      STAKE_REQUEST_STATUS.approved,
      STAKE_REQUEST_STATUS.rejected,
    ]);
    expect(allowedStakeRequestStatuses(STAKE_REQUEST_STATUS.approved)).toEqual([
      STAKE_REQUEST_STATUS.verified,
      STAKE_REQUEST_STATUS.rejected,
    ]);
    expect(allowedStakeRequestStatuses(STAKE_REQUEST_STATUS.rejected)).toEqual([
      STAKE_REQUEST_STATUS.verified,
      STAKE_REQUEST_STATUS.approved,
    ]);
    expect(allowedStakeRequestStatuses(STAKE_REQUEST_STATUS.verified)).toEqual([
      STAKE_REQUEST_STATUS.verified,
      STAKE_REQUEST_STATUS.approved,
      STAKE_REQUEST_STATUS.rejected,
    ]);
  });

  it("keeps a request open until it is Rejected, and shows the deposit view only when Approved", () => {
    expect(STAKE_REQUEST_STATUSES.filter(isOpenStakeRequest)).toEqual([
      STAKE_REQUEST_STATUS.pending,
      STAKE_REQUEST_STATUS.approved,
      STAKE_REQUEST_STATUS.verified,
    ]);
    expect(STAKE_REQUEST_STATUSES.filter(showsDepositView)).toEqual([STAKE_REQUEST_STATUS.approved]);
    expect(showsDepositView(null)).toBe(false);
  });

  it("lets an operator ask only for an Approved or Active node", () => {
    expect(STAKE_REQUESTABLE_NODE_STATUSES).toEqual([NODE_STATUS.approved, NODE_STATUS.active]);
  });
});
