import { Alert } from "@/shared/ui/alert";
import { authMessages } from "../messages";
import { WalletMissingWarning } from "./wallet-missing-warning";

/** Whether `error` or one of its causes carries this name (robust to duplicated library copies). */
function hasCause(error: unknown, name: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.name === name) return true;
  }
  return false;
}

/** Explains why connecting failed, in the words of the spec's error catalogue. */
export function ConnectError({ error }: { error: Error }) {
  if (hasCause(error, "ProviderNotFoundError")) return <WalletMissingWarning />;
  if (hasCause(error, "UserRejectedRequestError")) return <Alert tone="error" title={authMessages.connectRejected} />;
  return <Alert tone="error" title={authMessages.connectFailed} />;
}
