import { API, type NodeResponse } from "@pli/api/public-contract";
import { Image, Stack } from "@mantine/core";
import { getAddress } from "viem";
import { ExplorerAddress } from "@/chain/explorer-links";
import { useWalletBalances } from "@/chain/use-balances";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { Detail, DetailGrid, plainValue as plain } from "@/shared/ui/detail";

/** Every field of a node, read-only: the admin's review (spec section 2, Admin View Node) and the operator's View Node. */
export function NodeDetails({ node }: { node: NodeResponse }) {
  const { pli } = useWalletBalances(getAddress(node.walletAddress));
  return (
    <DetailGrid>
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
      <Detail label="Node Image">
        {node.logo ? (
          <Image src={`${API.staticFiles}/${node.logo}`} alt="Node image" h={64} w="auto" fit="contain" />
        ) : (
          plain("")
        )}
      </Detail>
      <Detail label="Short Description">{plain(node.description)}</Detail>
    </DetailGrid>
  );
}
