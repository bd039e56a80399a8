import type { SafeProposalState } from "@pli/api/public-contract";
import type { Tone } from "@/shared/theme/theme";

/** Texts of the Safe queue that the API's contract does not carry. */
export const safeMessages = {
  title: "Safe transactions",
  description: (k: number, n: number) =>
    `Admin chain actions wait here for ${k} of the Safe's ${n} owners to confirm; then anyone executes them.`,
  safeAddress: "Safe",
  owners: "Owners",
  threshold: "Confirmations needed",
  thresholdValue: (k: number, n: number) => `${k} of ${n} owners`,
  nextNonce: "Next nonce",
  connectedWallet: "Connected wallet",
  notConnected: "No browser wallet: confirming and executing need one",
  connect: "Connect Wallet",
  filter: "Show",
  empty: "No proposal here. Pay Now, Unlock, a whitelist, Deposit PLI and the stake limits propose to the Safe.",
  nonce: (nonce: string) => `Nonce ${nonce}`,
  waitsFor: (nonce: bigint) =>
    `Waits behind nonce ${nonce.toString()}: the Safe executes its transactions in nonce order.`,
  replaced: (nonce: string) =>
    `Replaced: the Safe used nonce ${nonce} for another transaction, so this proposal can no longer execute.`,
  failedNote: "The Safe executed this proposal but its call failed (ExecutionFailure): nothing changed.",
  recipients: "Recipients",
  wallet: "Wallet",
  node: "Node",
  date: "Date",
  amount: "Amount",
  total: "Total",
  csvDigest: "CSV digest (SHA-256 of wallet,node,date,amount rows)",
  domainHash: "Domain hash",
  safeTxHash: "safeTxHash",
  confirmations: "Confirmations",
  confirmationsValue: (k: number, n: number) => `${k} of ${n}`,
  method: { typedData: "typed data", ethSign: "eth_sign", approveHash: "approveHash on chain" },
  proposedBy: "Proposed by",
  record: "Status on execution",
  recordValue: (label: string, status: string) => `${label}: ${status}`,
  recordOutcome: {
    pending: "Saved when this Safe transaction executes",
    applied: "Saved on execution",
    refused: "Not saved",
    void: "Not saved: this proposal can no longer execute",
  },
  execution: "Execution",
  executedBy: "by",
  confirm: "Confirm",
  confirmOf: (nonce: string) => `Confirm the proposal at nonce ${nonce}`,
  approveOnChain: "Approve on chain",
  approveOnChainOf: (nonce: string) => `Approve on chain the proposal at nonce ${nonce} (approveHash)`,
  execute: "Execute",
  executeOf: (nonce: string) => `Execute the proposal at nonce ${nonce}`,
  approveLabel: (nonce: string) => `Approve the Safe transaction at nonce ${nonce} (approveHash)`,
  executeLabel: (nonce: string) => `Execute the Safe transaction at nonce ${nonce}`,
  confirmedByYou: "You confirmed this proposal.",
  copy: (what: string) => `Copy the ${what}`,
  copied: "Copied",
} as const;

/** Each state's label (the queue's filter and the proposal's badge) and tone. */
export const STATE_BADGES: Record<SafeProposalState, { label: string; tone: Tone }> = {
  awaitingMine: { label: "Awaiting my confirmation", tone: "warning" },
  awaitingOthers: { label: "Awaiting others", tone: "info" },
  ready: { label: "Ready to execute", tone: "primary" },
  blocked: { label: "Behind a lower nonce", tone: "warning" },
  executed: { label: "Executed", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  replaced: { label: "Replaced", tone: "muted" },
};

/** The queue's filters, in the order an owner works through them; blocked and failed show only when the API has some. */
export const STATE_FILTERS: { state: SafeProposalState; always: boolean }[] = [
  { state: "awaitingMine", always: true },
  { state: "awaitingOthers", always: true },
  { state: "ready", always: true },
  { state: "blocked", always: false },
  { state: "executed", always: true },
  { state: "failed", always: false },
  { state: "replaced", always: true },
];
