import {
  BaseError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  getContractError,
  RawContractError,
  UserRejectedRequestError,
} from "viem";
import { stakingRewardsAbi } from "@pli/abis";
import { describe, expect, it } from "vitest";
import { classifyTxError, describeTxFailure, isOutcomeOpen, TxFlowError } from "./tx-failure";

const HASH = "0x1111111111111111111111111111111111111111111111111111111111111111";

describe("classifyTxError", () => {
  it("recognises a rejection in the wallet, wrapped or bare", () => {
    expect(
      classifyTxError(new BaseError("failed", { cause: new UserRejectedRequestError(new Error("User denied")) })),
    ).toEqual({ kind: "rejected" });
    expect(classifyTxError({ code: 4001, message: "User rejected" })).toEqual({ kind: "rejected" });
    expect(classifyTxError(new Error("User denied transaction signature"))).toEqual({ kind: "rejected" });
  });

  it("keeps the contract's revert reason and the hash", () => {
    const revert = new ContractFunctionRevertedError({
      abi: stakingRewardsAbi,
      functionName: "stakeTokens",
      message: "Stake below minimum",
    });
    const failure = classifyTxError(new BaseError("call failed", { cause: revert }), HASH);
    expect(failure).toMatchObject({ kind: "reverted", hash: HASH });
    expect(describeTxFailure(failure)).toContain("The contract refused the transaction");
  });

  it("decodes the revert reason of a replayed call (Error(string)) with the contract's ABI", () => {
    const errorAbi = [{ type: "error", name: "Error", inputs: [{ type: "string", name: "message" }] }] as const;
    const data = encodeErrorResult({ abi: errorAbi, errorName: "Error", args: ["Min exceeds max"] });
    const replayed = getContractError(new RawContractError({ data }), {
      abi: stakingRewardsAbi,
      functionName: "setMinStakeAmt",
      args: [1n],
    });
    expect(classifyTxError(replayed, HASH)).toEqual({ kind: "reverted", reason: "Min exceeds max", hash: HASH });
  });

  it("passes a flow failure through and reports anything else with its message", () => {
    expect(classifyTxError(new TxFlowError({ kind: "unknownOutcome", hash: HASH }))).toEqual({
      kind: "unknownOutcome",
      hash: HASH,
    });
    expect(classifyTxError(new Error("socket hang up"))).toEqual({
      kind: "error",
      message: "socket hang up",
      hash: undefined,
    });
  });

  it("never describes an unknown outcome as a failure to send", () => {
    expect(isOutcomeOpen({ kind: "unknownOutcome", hash: HASH })).toBe(true);
    expect(isOutcomeOpen({ kind: "notIndexed", hash: HASH })).toBe(true);
    expect(isOutcomeOpen({ kind: "reverted", hash: HASH })).toBe(false);
    expect(describeTxFailure({ kind: "unknownOutcome", hash: HASH })).toMatch(/outcome is not known/);
  });
});
