import { lazy, Suspense, useState } from "react";
import { Anchor, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { hasRememberedWallet, useWalletPresence } from "@/chain/wallet-presence";
import { WalletMissingWarning } from "../components/wallet-missing-warning";
import { authMessages } from "../messages";

/**
 * The wallet part (wagmi, the chain setup, the sign-in by signature) loads when the person presses Connect Wallet, or
 * at once when wagmi remembers a wallet from an earlier visit (it reconnects it and the page shows it).
 */
const WalletConnect = lazy(() =>
  Promise.all([import("@/chain/chain-provider"), import("../components/wallet-connect")]).then(([chain, wallet]) => ({
    default: ({ connectNow }: { connectNow: boolean }) => (
      <chain.ChainProvider pending={<ConnectButton busy />}>
        <wallet.WalletConnect connectNow={connectNow} />
      </chain.ChainProvider>
    ),
  })),
);

function ConnectButton({ busy = false, onClick }: { busy?: boolean; onClick?: () => void }) {
  return (
    <Button onClick={onClick} loading={false} disabled={busy} size="md" fullWidth>
      {busy ? authMessages.connecting : authMessages.connectWallet}
    </Button>
  );
}

/** The start page: connect a browser wallet, sign the server's sign-in message, then the 2FA code. */
export function ConnectPage() {
  const walletPresent = useWalletPresence();
  const [walletWanted, setWalletWanted] = useState(hasRememberedWallet);
  const [connectNow, setConnectNow] = useState(false);
  const [missingNotices, setMissingNotices] = useState(0);
  const onConnect = () => {
    if (!walletPresent) return setMissingNotices((count) => count + 1);
    setConnectNow(true);
    setWalletWanted(true);
  };
  return (
    <Paper withBorder radius="md" p={{ base: "lg", sm: "xl" }} shadow="sm">
      <Stack gap="md" align="stretch">
        <Title order={1} ta="center">
          {authMessages.portalTitle}
        </Title>
        <Text c="dimmed" ta="center" size="sm">
          {authMessages.intro}
        </Text>
        {walletWanted ? (
          <Suspense fallback={<ConnectButton busy />}>
            <WalletConnect connectNow={connectNow} />
          </Suspense>
        ) : (
          <>
            <ConnectButton onClick={onConnect} />
            {walletPresent ? null : <WalletMissingWarning key={missingNotices} />}
          </>
        )}
        <Anchor component={Link} to={routes.network.href()} size="sm" ta="center">
          {authMessages.seeNetwork}
        </Anchor>
      </Stack>
    </Paper>
  );
}
