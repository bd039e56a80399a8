import { COMMON_MESSAGES } from "@pli/api/public-contract/constants";
import { WALLET_EXTENSION } from "@/shared/config/wallet-extension";

export const authMessages = {
  portalTitle: "Validator Nodes Operator Portal",
  seeNetwork: "See the validator network: stakes, nodes and payouts",
  intro: "Connect the wallet that runs your validator nodes to manage nodes, jobs, RPC URLs and stakes.",
  connectWallet: "Connect Wallet",
  connecting: "Connecting…",
  connectedAs: "Connected wallet",
  connectedWith: "Wallet",
  walletNotInstalled: `${WALLET_EXTENSION.name} not installed`,
  walletNotInstalledText: `Install the ${WALLET_EXTENSION.name} browser extension, then reload this page.`,
  viewInStore: "View",
  connectRejected: "The connection request was rejected in the wallet.",
  noAccountsTitle: COMMON_MESSAGES.pleaseLogin,
  noAccountsText: `${COMMON_MESSAGES.noAccounts} to ${WALLET_EXTENSION.name}.`,
  connectFailed: "The wallet could not be connected. Try again.",
  signingIn: "Check your wallet and sign the sign-in message…",
  signatureRejected: "You rejected the signature request. Sign the message in your wallet to sign in.",
  otpTitle: "Two-factor authentication",
  otpLabel: "Code from your authenticator app",
  verify: "Verify",
  signAgain: "Sign again",
} as const;

/** The admin's Operators screen. */
export const operatorListMessages = {
  search: "Search by Wallet or Email",
  total: "Total Operators",
  caption: "Operators",
  disable: "Disable",
  enable: "Enable",
  disabled: "Disabled",
  enabled: "Enabled",
  confirmDisable: (operator: string) =>
    `Disable ${operator}? Their sessions end at once and they cannot sign in until an admin enables them again.`,
  confirmEnable: (operator: string) => `Enable ${operator}? They can sign in again.`,
} as const;

/** The profile's choice of what the public network page shows. */
export const profileMessages = {
  networkTitle: "Public network page",
  showNodeNames: "Show my node names on the public network page",
  showNodeNamesDescription:
    "Off: the page shows only your nodes' addresses. Your email, IP addresses and wallet are never shown.",
  openNetwork: "Open the network page",
} as const;
