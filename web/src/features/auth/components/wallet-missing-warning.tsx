import { WALLET_EXTENSION } from "../../../shared/config/wallet-extension";
import { Alert } from "../../../shared/ui/alert";
import { ExternalLink } from "../../../shared/ui/external-link";
import { authMessages } from "../messages";

export function WalletMissingWarning() {
  return (
    <Alert
      tone="warning"
      title={authMessages.walletNotInstalled}
      action={
        <ExternalLink className="button button--secondary" href={WALLET_EXTENSION.storeUrl}>
          {authMessages.viewInStore}
        </ExternalLink>
      }
    >
      {authMessages.walletNotInstalledText}
    </Alert>
  );
}
