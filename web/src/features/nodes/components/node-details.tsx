import { API, type NodeResponse } from "@pli/api/contract";
import { Group, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { getAddress } from "viem";
import { useChainConfig } from "@/chain/chain-config";
import { useWalletBalances } from "@/chain/use-balances";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { ExternalLink } from "@/shared/ui/external-link";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

const plain = (value: string | number) => <Text size="sm">{value === "" ? "-" : value}</Text>;

function ExplorerAddress({ address, label }: { address: string; label: string }) {
  const { explorer } = useChainConfig();
  return (
    <Group gap="xs" wrap="wrap">
      <Address value={address} />
      <ExternalLink href={`${explorer.addressUrl}${getAddress(address)}`} size="sm" aria-label={`View in Explorer: ${label}`}>
        View in Explorer
      </ExternalLink>
    </Group>
  );
}

/** Every field of a node, read-only, for the admin's review (spec section 2, Admin View Node). */
export function NodeDetails({ node }: { node: NodeResponse }) {
  const { pli } = useWalletBalances(getAddress(node.walletAddress));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
      <Detail label="Node Name">{plain(node.name)}</Detail>
      <Detail label="IP Address">{plain(node.ipaddress)}</Detail>
      <Detail label="Operating System">{plain(node.os)}</Detail>
      <Detail label="RAM (GB)">{plain(node.ram)}</Detail>
      <Detail label="Storage (GB)">{plain(node.storage)}</Detail>
      <Detail label="Security Patch Version">{plain(node.security)}</Detail>
      <Detail label="Oracle Address">
        <ExplorerAddress address={node.oracleAddress} label="oracle address" />
      </Detail>
      <Detail label="Node Address">
        <Address value={node.nodeAddress} />
      </Detail>
      <Detail label="Wallet Address">
        <Stack gap={4}>
          <ExplorerAddress address={node.walletAddress} label="wallet address" />
          <Amount wei={pli} size="sm" testId="wallet-pli-balance" />
        </Stack>
      </Detail>
      <Detail label="Provider">{plain(node.providerName)}</Detail>
      <Detail label="Node Image">{node.logo ? <Image src={`${API.staticFiles}/${node.logo}`} alt="Node image" h={64} w="auto" fit="contain" /> : plain("")}</Detail>
      <Detail label="Short Description">{plain(node.description)}</Detail>
    </SimpleGrid>
  );
}
