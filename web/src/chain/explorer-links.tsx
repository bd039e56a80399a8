import { Group } from "@mantine/core";
import { getAddress, isAddress, type Hex } from "viem";
import { Address } from "@/shared/ui/address";
import { ExternalLink } from "@/shared/ui/external-link";
import { useChainConfig } from "./chain-config";

/**
 * An address with its 'View in Explorer' link; `label` names the link for screen readers ('View in Explorer: {label}').
 */
export function ExplorerAddress({ address, label }: { address: string; label: string }) {
  const { explorer } = useChainConfig();
  const href = `${explorer.addressUrl}${isAddress(address, { strict: false }) ? getAddress(address) : address}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Address value={address} />
      <ExternalLink href={href} size="sm" aria-label={`View in Explorer: ${label}`}>
        View in Explorer
      </ExternalLink>
    </Group>
  );
}

/**
 * A transaction hash with its explorer link ('View Transaction'); `linkOnly` for a narrow table column shows the link
 * alone.
 */
export function ExplorerTx({ hash, linkOnly = false }: { hash: Hex | string; linkOnly?: boolean }) {
  const { explorer } = useChainConfig();
  const link = (
    <ExternalLink href={`${explorer.txUrl}${hash}`} size="sm" aria-label={`View Transaction ${hash}`}>
      View Transaction
    </ExternalLink>
  );
  if (linkOnly) return link;
  return (
    <Group gap="xs" wrap="nowrap">
      <Address value={hash} />
      {link}
    </Group>
  );
}
