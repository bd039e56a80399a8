import { Alert } from "@/shared/ui/alert";
import { authMessages } from "../messages";

export function NoAccountsWarning() {
  return (
    <Alert tone="warning" title={authMessages.noAccountsTitle}>
      {authMessages.noAccountsText}
    </Alert>
  );
}
