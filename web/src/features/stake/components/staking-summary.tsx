import type { NodeResponse } from "@pli/api/public-contract";
import type { Address as WalletAddress } from "viem";
import { Address } from "@/shared/ui/address";
import { Amount } from "@/shared/ui/amount";
import { Detail, DetailGrid, plainValue } from "@/shared/ui/detail";

interface StakingSummaryProps {
  wallet: WalletAddress;
  balance: bigint | undefined;
  stakeSoFar: bigint | undefined;
  node: NodeResponse;
}

/** The staking screen's facts: the wallet, its PLI, the stake so far on the node, and the node. */
export function StakingSummary({ wallet, balance, stakeSoFar, node }: StakingSummaryProps) {
  return (
    <DetailGrid cols={4}>
      <Detail label="Wallet Address">
        <Address value={wallet} />
      </Detail>
      <Detail label="PLI Balance">
        <Amount wei={balance} size="sm" testId="staking-pli-balance" />
      </Detail>
      <Detail label="Stake So Far">
        <Amount wei={stakeSoFar} size="sm" testId="stake-so-far" />
      </Detail>
      <Detail label="Node Name">{plainValue(node.name)}</Detail>
      <Detail label="Node Address">
        <Address value={node.nodeAddress} />
      </Detail>
      <Detail label="IP Address">{plainValue(node.ipaddress)}</Detail>
      <Detail label="Provider">{plainValue(node.providerName)}</Detail>
    </DetailGrid>
  );
}
