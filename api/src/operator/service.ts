import type { Hex } from "viem";
import { MESSAGES, USER_TYPE, type SessionClaims } from "../public-contract/index.ts";
import type { Deps } from "../app-env.ts";
import { signSession } from "../auth/index.ts";
import { AppError } from "../shared/errors.ts";
import { findOperatorByWallet, upsertOperator, type OperatorRow } from "./repository.ts";
import { consumeNonce, INVALID_SIGN_IN, verifySiweLogin } from "./siwe.ts";
import { claimTotpStep, totpStep } from "./totp.ts";

/**
 * Operator sign-in: a server-issued SIWE message signed by the wallet, the validator check, then the
 * authenticator code when 2FA is on. A missing code keeps the nonce so the same signature can be
 * sent again with the code; any other failure consumes it.
 */
export async function loginOperator(
  deps: Deps,
  input: { message: string; signature: Hex; otp?: string },
  beforeTotp: (operatorId: string) => Promise<void>,
) {
  const { db, config, validatorCheck } = deps;
  const { wallet, nonce } = await verifySiweLogin(db, config, input.message, input.signature);
  const fail = async (error: AppError) => {
    await consumeNonce(db, nonce);
    return error;
  };
  const status = await validatorCheck.check(wallet.toLowerCase());
  if (!status.validator) throw await fail(new AppError("forbidden", MESSAGES.notValidator));

  const existing = await findOperatorByWallet(db, wallet);
  if (existing?.disabled_at) throw await fail(new AppError("forbidden", MESSAGES.accountDisabled));
  if (existing?.twofa_enabled && existing.totp_secret) {
    if (!input.otp) throw new AppError("unauthorized", MESSAGES.otpRequired, { otp: MESSAGES.otpRequired });
    await beforeTotp(existing.id);
    const usedStep = totpStep(existing.totp_secret, input.otp);
    if (usedStep === null || !(await claimTotpStep(db, existing.id, usedStep))) {
      throw await fail(new AppError("unauthorized", MESSAGES.invalidTotp, { otp: MESSAGES.invalidTotp }));
    }
  }
  if (!(await consumeNonce(db, nonce))) throw new AppError("unauthorized", INVALID_SIGN_IN);
  const operator = await db.transaction().execute(async (tx) => {
    const confirmed = validatorCheck.confirm ? await validatorCheck.confirm(tx, wallet) : status;
    if (!confirmed.validator) throw new AppError("forbidden", MESSAGES.notValidator);
    return upsertOperator(tx, wallet, confirmed.email, confirmed.userRole);
  });
  return { token: await operatorSession(deps, operator) };
}

/** A session token for the operator at their current session version; one that `replaces` a session keeps its exp. */
export const operatorSession = (
  { config }: Pick<Deps, "config">,
  operator: OperatorRow,
  replaces?: Pick<SessionClaims, "exp">,
) =>
  signSession(
    {
      sub: operator.id,
      userType: USER_TYPE.user,
      walletAddress: operator.wallet_address,
      name: operator.email ?? operator.wallet_address,
      email: operator.email ?? "",
      ver: operator.session_version,
    },
    config.JWT_SECRET,
    config.SESSION_TTL_SECONDS,
    replaces,
  );
