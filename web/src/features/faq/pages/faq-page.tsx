import { LIMITS, MESSAGES, PROVIDERS, type SettingResponse } from "@pli/api/public-contract";
import { Accordion } from "@mantine/core";
import { messages } from "@/shared/config/messages";
import { useBrand } from "@/shared/setting/brand";
import { useSettings } from "@/shared/setting/settings";
import { Section } from "@/shared/ui/section";
import { groupDecimal } from "@/shared/format";

const pli = (value: string) => `${groupDecimal(value)} PLI`;

/**
 * The staking limits answer: the contract's minimum and maximum and the site's multiple, or why they are not known yet.
 */
function limitsAnswer(settings: SettingResponse | undefined): string {
  if (!settings) return messages.loading;
  if (settings.minimumStake === null || settings.maximumStake === null) return MESSAGES.stakeLimitsNotIndexed;
  const multiple = pli(settings.multiplyOf);
  return `Your first stake on a node is at least ${pli(settings.minimumStake)}, in multiples of ${multiple}. You can top up later in multiples of ${multiple}; a node's stake never exceeds ${pli(settings.maximumStake)}. The minimum and maximum are the staking contract's own. Keep enough XDC in your wallet for gas.`;
}

/** The contact details of the site settings, or the support tickets when none are set. */
function contactAnswer({ applicationEmail, contactNo, address }: ReturnType<typeof useBrand>): string {
  const details = [
    applicationEmail ? `email ${applicationEmail}` : "",
    contactNo ? `call ${contactNo}` : "",
    address ? `write to ${address}` : "",
  ].filter(Boolean);
  const tickets = "open a ticket with Submit Ticket at the top of any page";
  return details.length > 0 ? `You can ${tickets}, ${details.join(", ")}.` : `You can ${tickets}.`;
}

/**
 * Questions operators ask, answered with the live limits: the contract's minimum and maximum, the site's multiple and
 * incentive.
 */
export function FaqPage() {
  const settings = useSettings().data;
  const brand = useBrand();
  const incentive = settings ? `${settings.incentivePercentage}%` : "a percentage";
  const faqs: [string, string][] = [
    [
      "Who can use the portal?",
      "Only wallets confirmed as validators by the Plugin validator check. You sign in by signing a one-time message with your wallet, and every operator must turn on two-factor authentication (an authenticator app) before using the portal.",
    ],
    [
      "How many nodes can I run?",
      `At most ${LIMITS.maxNodesPerOperator} validator nodes at a time. A node counts while it is not De-Active, or while it still has stake on it.`,
    ],
    [
      "What does a node need?",
      `At least ${LIMITS.minRamGb} GB of RAM and ${LIMITS.minStorageGb} GB of storage, a fixed IP address, current security patches, and a provider (${PROVIDERS.join(", ")}).`,
    ],
    [
      "How does a node get approved?",
      "After you add it, the node is Pending for Approval. The Plugin team verifies it, may return it to you for modification with notes, and approves it. Approval whitelists your wallet and node address on the staking contract; only then can you stake. An approved, staked node becomes Active.",
    ],
    ["How much can I stake?", limitsAnswer(settings)],
    [
      "How do I stake?",
      "Open My Nodes, choose Stake on an approved node, enter the amount, click Sign Transaction (this approves the staking contract to move your PLI), then Continue to Deposit. Do not close the window while a transaction is pending.",
    ],
    [
      "What rewards do I earn?",
      `Holders earn ${incentive} of their stake every month as an incentive, reduced for days your node was inactive. Each incentive is paid on chain; its next payment date is 30 days after its date. Yield farming has been halted since 31 December 2022 until further announcement.`,
    ],
    [
      "How do I withdraw my stake?",
      "Stake is unlocked by the Plugin team on request. Once a stake shows Unlocked, a Withdraw button appears: it returns your whole position to your wallet in one transaction.",
    ],
    [
      "Why was I logged out?",
      "For your safety the portal logs you out when your session expires, or when the wallet connected in your browser is not the wallet you signed in with.",
    ],
    ["How do I contact the Plugin team?", contactAnswer(brand)],
  ];
  return (
    <Section title="Frequently asked questions">
      <Accordion variant="separated" multiple>
        {faqs.map(([question, answer], index) => (
          <Accordion.Item key={question} value={`faq-${index}`}>
            <Accordion.Control>{question}</Accordion.Control>
            <Accordion.Panel>{answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Section>
  );
}
