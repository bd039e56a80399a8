import { SAFE_MESSAGES, type SafeProposalState } from "@pli/api/public-contract";
import { Badge, Box, Button, Group, NativeSelect, Stack, Tabs, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { useConnect, useConnection } from "wagmi";
import { safeModeMessages } from "@/chain/safe/messages";
import { getSafeProposals, safeKeys, useSafeInfo } from "@/chain/safe/safe-api";
import { useWalletConnector } from "@/chain/use-wallet-connector";
import { messages } from "@/shared/config/messages";
import { Address } from "@/shared/ui/address";
import { Alert } from "@/shared/ui/alert";
import { Amount } from "@/shared/ui/amount";
import { Detail, DetailGrid } from "@/shared/ui/detail";
import { NextStep } from "@/shared/ui/next-step";
import { Section } from "@/shared/ui/section";
import { ProposalCard } from "../components/proposal-card";
import { safeMessages, STATE_BADGES, STATE_FILTERS } from "../messages";

const STATE_PARAM = "state";
const isState = (value: string | null): value is SafeProposalState =>
  STATE_FILTERS.some((filter) => filter.state === value);

/**
 * The Safe's queue (Safe mode only): the Safe, its owners and threshold, then its proposals by state (awaiting my
 * confirmation as the connected wallet, awaiting others, ready to execute, executed, replaced; behind a lower nonce and
 * failed when there are some), each with what it does and the connected wallet's next step. The filter lives in the
 * URL (?state=…).
 */
export function SafeQueuePage() {
  const safe = useSafeInfo();
  const { address, status } = useConnection();
  const connector = useWalletConnector();
  const { mutate: connect } = useConnect();
  const [params, setParams] = useSearchParams();
  const requested = params.get(STATE_PARAM);
  const proposals = useQuery({
    queryKey: safeKeys.proposals(address),
    queryFn: () => getSafeProposals(address),
    enabled: safe?.enabled === true,
  });
  if (!safe) return <Text size="sm">{messages.loading}</Text>;
  if (!safe.enabled) return <Alert tone="info" title={SAFE_MESSAGES.safeModeOff} />;

  const all = proposals.data ?? [];
  const count = (state: SafeProposalState) => all.filter((p) => p.state === state).length;
  const filters = STATE_FILTERS.filter((f) => f.always || count(f.state) > 0);
  const firstWithWork = filters.find((f) => ["awaitingMine", "ready"].includes(f.state) && count(f.state) > 0);
  const state: SafeProposalState = isState(requested) ? requested : (firstWithWork?.state ?? "awaitingMine");
  const shown = all.filter((p) => p.state === state);
  const choose = (next: string | null) => {
    if (!isState(next)) return;
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set(STATE_PARAM, next);
      return updated;
    });
  };
  const label = (s: SafeProposalState) => `${STATE_BADGES[s].label} (${proposals.data ? count(s) : "…"})`;
  const threshold = safe.threshold ?? 0;
  const owners = safe.owners ?? [];

  return (
    <Stack gap="md">
      <Section title={safeMessages.title} description={safeMessages.description(threshold, owners.length)}>
        <DetailGrid>
          <Detail label={safeMessages.safeAddress}>
            <Address value={safe.safe!} />
          </Detail>
          <Detail label={safeMessages.threshold}>
            <Text size="sm">{safeMessages.thresholdValue(threshold, owners.length)}</Text>
          </Detail>
          <Detail label={safeMessages.owners}>
            <Stack gap={2}>
              {owners.map((owner) => (
                <Address key={owner} value={owner} />
              ))}
            </Stack>
          </Detail>
          <Detail label={safeMessages.nextNonce}>
            <Text size="sm" ff="monospace">
              {safe.nonce}
            </Text>
          </Detail>
          <Detail label={safeMessages.connectedWallet}>
            {address ? (
              <Box data-testid="safe-connected">
                <Address value={address} />
              </Box>
            ) : status !== "disconnected" ? (
              <Text size="sm">{messages.loading}</Text>
            ) : connector ? (
              <Button size="xs" variant="default" onClick={() => connect({ connector })}>
                {safeMessages.connect}
              </Button>
            ) : (
              <Text size="sm">{safeMessages.notConnected}</Text>
            )}
          </Detail>
          <Detail label={safeModeMessages.safeBalance}>
            <Amount wei={safe.pliBalance === undefined ? undefined : BigInt(safe.pliBalance)} size="sm" />
          </Detail>
        </DetailGrid>
      </Section>
      <Box hiddenFrom="sm">
        <NativeSelect
          label={safeMessages.filter}
          value={state}
          onChange={(event) => choose(event.currentTarget.value)}
          data={filters.map((f) => ({ value: f.state, label: label(f.state) }))}
        />
      </Box>
      <Tabs value={state} onChange={choose} variant="pills" keepMounted={false} visibleFrom="sm">
        <Tabs.List>
          {filters.map((f) => (
            <Tabs.Tab key={f.state} value={f.state}>
              <Group gap={6} wrap="nowrap">
                {STATE_BADGES[f.state].label}
                <Badge size="sm" variant={f.state === state ? "white" : "light"} circle={false}>
                  {proposals.data ? count(f.state) : "…"}
                </Badge>
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {proposals.isPending ? (
        <Text size="sm">{messages.loading}</Text>
      ) : shown.length === 0 ? (
        <NextStep>{safeMessages.empty}</NextStep>
      ) : (
        shown.map((proposal) => <ProposalCard key={proposal._id} safe={safe} proposal={proposal} connected={address} />)
      )}
    </Stack>
  );
}
