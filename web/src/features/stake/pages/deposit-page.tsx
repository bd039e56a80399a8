import {
  MESSAGES,
  showsDepositView,
  stakeLimitsOf,
  type NodeResponse,
  type StakeRequestStatus,
  type SettingResponse,
} from "@pli/api/public-contract";
import { Button, Stack, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import type { Address } from "viem";
import { useWalletBalances } from "@/chain/use-balances";
import { messages } from "@/shared/config/messages";
import { routes } from "@/shared/config/routes";
import { useSession } from "@/shared/session/session-provider";
import { totalStakedQueryOptions } from "@/shared/session/total-staked";
import { useSettings } from "@/shared/setting/settings";
import { Alert } from "@/shared/ui/alert";
import { RecordLoadFailed } from "@/shared/ui/record-state";
import { Section } from "@/shared/ui/section";
import { useStakeRequest } from "../api/get-stake-request";
import { useStakingNode } from "../api/get-staking-node";
import { DepositForm } from "../components/deposit-form";
import { RequestPanel } from "../components/request-panel";
import { StakeWarnings } from "../components/stake-warnings";
import { StakingSummary } from "../components/staking-summary";
import { stakingMessages } from "../messages";

function Loading() {
  return (
    <Text size="sm" c="dimmed">
      {messages.loading}
    </Text>
  );
}

interface StakingPanelProps {
  node: NodeResponse;
  request: { status: StakeRequestStatus | null; requests: { nodeId: string; date: string }[] };
  settings: SettingResponse;
  stakeSoFar: bigint;
  wallet: Address;
  balance: bigint | undefined;
}

/**
 * The request's panel until it is Approved, then the deposit view with the contract's limits (none is offered before
 * the indexer has them).
 */
function StakingPanel({ node, request, settings, stakeSoFar, wallet, balance }: StakingPanelProps) {
  if (!showsDepositView(request.status))
    return (
      <RequestPanel
        nodeId={node._id}
        status={request.status}
        sentAt={request.requests.find((sent) => sent.nodeId === node._id)?.date}
        incentivePercentage={settings.incentivePercentage}
      />
    );
  const limits = stakeLimitsOf(settings);
  if (!limits) return <Alert tone="warning" title={MESSAGES.stakeLimitsNotIndexed} />;
  if (balance === undefined) return <Loading />;
  return <DepositForm node={node} wallet={wallet} stakeSoFar={stakeSoFar} balance={balance} limits={limits} />;
}

/**
 * 'Validator Node Staking' (/deposit/{nodeId}): the wallet, its PLI, the stake so far and the node;
 * then the halted-farming notice, the request's status, or (Approved) the deposit view. A node that cannot be read
 * shows only why, with the way back to My Nodes: no staking instructions for a node there is none of. Every amount
 * shown is the chain's, as the API and the wallet read it.
 */
export function DepositPage() {
  const nodeId = useParams().nodeId ?? "";
  const { wallet } = useSession();
  const node = useStakingNode(nodeId);
  const request = useStakeRequest(nodeId);
  const settings = useSettings();
  const total = useQuery(totalStakedQueryOptions(nodeId));
  const { pli } = useWalletBalances(wallet);

  const back = (
    <Button component={Link} to={routes.dashboard.href()} variant="default" leftSection={<IconArrowLeft size={16} />}>
      {stakingMessages.backToDashboard}
    </Button>
  );
  const failed = node.error ?? request.error ?? settings.error ?? total.error;
  const ready =
    node.data && request.data && settings.data && total.data !== undefined && wallet
      ? { node: node.data, request: request.data, settings: settings.data, stakeSoFar: total.data, wallet }
      : null;

  if (failed) return <RecordLoadFailed error={failed} />;
  return (
    <Stack gap="md">
      <Section title={stakingMessages.detailsTitle} actions={back}>
        {node.data && wallet ? (
          <StakingSummary wallet={wallet} balance={pli} stakeSoFar={total.data} node={node.data} />
        ) : null}
      </Section>
      <Section>{ready ? <StakingPanel {...ready} balance={pli} /> : <Loading />}</Section>
      <StakeWarnings />
    </Stack>
  );
}
