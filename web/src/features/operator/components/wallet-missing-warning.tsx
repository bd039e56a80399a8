import { Button } from "@mantine/core";
import { WALLET_EXTENSION } from "@/shared/config/wallet-extension";
import { Alert } from "@/shared/ui/alert";
import { authMessages } from "../messages";

export function WalletMissingWarning() {
  return (
    <Alert
      tone="warning"
      title={authMessages.walletNotInstalled}
      action={
        <Button
          component="a"
          href={WALLET_EXTENSION.storeUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          size="xs"
        >
          {authMessages.viewInStore}
        </Button>
      }
    >
      {authMessages.walletNotInstalledText}
    </Alert>
  );
}
