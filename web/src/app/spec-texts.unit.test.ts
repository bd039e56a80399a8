import { MESSAGES } from "@pli/api/public-contract";
import { describe, expect, test } from "vitest";
import { incentiveMessages } from "@/features/incentive/messages";
import { jobMessages } from "@/features/job/messages";
import { nodeMessages } from "@/features/node/messages";
import { authMessages } from "@/features/operator/messages";
import { stakingMessages } from "@/features/stake/messages";
import { ADMIN_SIDEBAR, OPERATOR_MOBILE_NAV, OPERATOR_SIDEBAR, routes } from "@/shared/config/routes";

/**
 * The texts the spec quotes (portal-spec.md), copied here word for word, spaces and spelling included, so that a
 * wording drift in the app's constants fails here instead of going unnoticed.
 */
const SPEC_MESSAGES: Partial<Record<keyof typeof MESSAGES, string>> = {
  // Section 8, success messages.
  settingUpdated: "Setting Updated Successfully",
  passwordUpdated: "Password Updated Successfully",
  fileUploaded: "File  Uploaded Successfully",
  imageUploaded: "Image Uploaded Successfully",
  jobStatusUpdated: "Status Updated Successfully",
  requestStatusUpdated: "Status Updated Successfully",
  nodeStatusUpdated: "Node Status Updated Successfully",
  requestDeleted: "Request Deleted Successfully",
  incentiveDeleted: "Incentive Deleted Successfully",
  tokenDeposited: "Token Successfully Deposited on Defi Contract",
  tokenSent: "Token Sent Successfully",
  tokenWithdrawn: "Token Withdrawn Successfully",
  rpcDeleted: "RpcUrl Deleted Successfully",
  rpcAdded: "RPC Added Successfully",
  rpcEdited: "RPC URL Edited Successfully",
  nodeDeleted: "Node Deleted Successfully",
  nodeAdded: "Node Added Successfully",
  nodeEdited: "Node Edited Successfully",
  nodeDeactivated: "Node Deactivated Successfully",
  jobAdded: "Job Added Successfully",
  jobEdited: "Job Edited Successfully",
  jobDeleted: "Job Deleted Successfully",
  jobDeactivated: "Job Deactivated Successfully",
  requestInitiated: "Request Initiated Successfully",
  otpSent: "OTP Sent Successfully",
  // Section 8, wallet and login.
  notValidator: "Not a Validator!",
  pleaseLogin: "Please Login",
  noAccounts: "No Accounts detected. You should login",
  walletMismatchTitle: "Wallet Address Mismatch",
  walletMismatchText: "Your connected wallet address not matched with the login wallet address",
  enable2fa: "Enable 2FA in Your Profile",
  enterOtp: "Enter the OTP",
  // Section 8, validation and actions.
  checkAllFields: "Check all the fields",
  incorrectValue: "Incorrect Value",
  nodeLimitReached: "Maximum Allowed Node Limit Reached",
  nodeLimitText: "You cannot add more than 2 Validator Nodes at the moment.",
  chainError: "Error Occured on Blockchain Transaction",
  chainTryAgain: "Try Again!!",
  insufficientRewardPool: "Kindly check if you have sufficient PLI for rolling out Incentives! Try Again!!",
  errorTryAgain: "Error Occured Try Again",
  paymentUpdateFailed: "Error Occured Try Again!!!",
  stakeLowBalance: "Low PLI Balance",
  stakeMaximumReached: "Maximum Limit Reached",
  noCategory: "No Category Available",
  // Sections 2, 4 and 5.
  loading: "Loading.....",
  noRecord: "No Record Found.....",
  reputationTitle: "Reputation Value for Last 30 Days",
  inactiveDatesTitle: "InActive Date List",
  walletAddressNote: "This is the Wallet Address with which the Node will be Associated. It is not modifiable.",
  ramHint: "minimum requirement 16 GB",
  storageHint: "minimum requirement 400 GB",
  onlyValidatorTitle: "Only Validator Nodes",
  onlyValidator: "Only Validator Nodes are allowed to submit the jobs",
  stakingDone: "Staking Done Successfully",
  stakingDoneText: "Your staking has been added in to blockchain",
  stakeBelowMinimum: "Values Must be in greater  than or equal to {min}",
  stakeNotMultiple: "Values Must be in multiples of {n}",
  stakeSelectAmount: "Select number of PLI tokens for staking",
  depositNotPositive: "Value must be greater than 0",
};

/** Labels and titles the spec quotes that the web app keeps as constants. */
const SPEC_LABELS: [string, unknown, string][] = [
  ["connect page heading", authMessages.portalTitle, "Validator Nodes Operator Portal"],
  ["connect button", authMessages.connectWallet, "Connect Wallet"],
  ["job dialog text", jobMessages.confirmSubmit, "To submit the Job type yes and confirm"],
  ["admin job dialog text", jobMessages.confirmUpdate, "To Update the Job Status type yes and confirm"],
  ["job search", jobMessages.searchByStatus, "Search by status"],
  ["job requests title", jobMessages.requestsTitle, "Job Requests"],
  [
    "node whitelist failure",
    nodeMessages.whitelistTryAgain,
    "Try Again! Kindly Ensure you are connected to the right Wallet.",
  ],
  ["node add button", nodeMessages.addNode, "Add Node"],
  ["reputation not viewable", nodeMessages.notApplicable, "NA"],
  ["incentive list title", incentiveMessages.listTitle, "Incentive Lists"],
  ["incentive search", incentiveMessages.searchByStatus, "Search by status"],
  ["incentive pay button", incentiveMessages.payNow, "Pay Now"],
  ["incentive deposit button", incentiveMessages.depositPli, "Deposit PLI"],
  ["staking amount", stakingMessages.amountLabel, "Number of PLI to Deposit"],
  ["staking sign step", stakingMessages.signTransaction, "Sign Transaction"],
  ["staking deposit step", stakingMessages.continueToDeposit, "Continue to Deposit"],
  ["staking back link", stakingMessages.backToDashboard, "Back to Dashboard"],
  ["staking request status", stakingMessages.requestStatus("{status}"), "Your Request is {status}"],
  ["transaction list title", stakingMessages.transactionsTitle, "Transaction Lists"],
  ["transaction total", stakingMessages.transactionsTotal(7), "You have total 7 transactions."],
  ["transaction search", stakingMessages.searchByHash, "Search by Txn Hash"],
  ["staking screen title", routes.deposit.title, "Validator Node Staking"],
  ["add node title", routes.addNode.title, "Add New Node"],
  ["view node title", routes.editNode.title, "View Node"],
  ["add RPC title", routes.addRpc.title, "Add New RPC's"],
  ["operator job list title", routes.listJob.title, "Manage Jobs"],
  ["operator view job title", routes.editJob.title, "View Jobs"],
  ["admin request list title", routes.adminListStakeRequest.title, "Request Lists"],
  ["admin stake list title", routes.adminListStake.title, "Stake Lists"],
  ["admin node list title", routes.adminListNode.title, "Node Requests Lists"],
  ["admin job list title", routes.adminListJob.title, "Job Requests"],
];

const labelsOf = (items: { route: keyof typeof routes; label: string }[]): [string, string][] =>
  items.map(({ route, label }) => [routes[route].path, label]);

describe("the texts the spec quotes", () => {
  test.each(Object.entries(SPEC_MESSAGES))("message %s is the spec's %j", (key, text) => {
    expect(MESSAGES[key as keyof typeof MESSAGES]).toBe(text);
  });

  test.each(SPEC_LABELS)("%s is the spec's words", (_name, actual, text) => {
    expect(actual).toBe(text);
  });

  test("the sidebars and the mobile navigation link the spec's routes with its labels", () => {
    expect(labelsOf(OPERATOR_SIDEBAR).slice(0, 5), "the spec's five, first (the other screens follow)").toEqual([
      ["/dashboard", "Dashboard"],
      ["/listnode", "My Nodes"],
      ["/transactions", "Transactions"],
      ["/listincentive", "Incentives"],
      ["/listrpc", "Full Node RPC's"],
    ]);
    const additions: string[] = [
      routes.adminListTicket.path,
      routes.adminListStakeRequest.path,
      routes.adminListOperator.path,
      routes.adminListValidator.path,
      routes.adminListInvite.path,
      routes.adminListAudit.path,
      routes.adminSafeQueue.path,
    ];
    const adminSidebar = labelsOf(ADMIN_SIDEBAR).filter(([path]) => !additions.includes(path ?? ""));
    expect(
      adminSidebar,
      "the spec's items, in its order (Tickets, Stake Requests, Operators, Validators, Invites, Audit Log and the Safe Queue are the portal's)",
    ).toEqual([
      ["/admin/dashboard", "Dashboard"],
      ["/admin/listnode", "Node Requests"],
      ["/admin/listjob", "Job Requests"],
      ["/admin/liststake", "Stakes"],
      ["/admin/listincentive", "Incentives"],
      ["/admin/listrpc", "Full Node RPC's"],
      ["/admin/sitesetting", "Setting"],
    ]);
    expect(labelsOf(OPERATOR_MOBILE_NAV)).toEqual([
      ["/dashboard", "Dashboard"],
      ["/listnode", "My Nodes"],
      ["/listwallet", "My Wallet"],
      ["/viewprofile", "Profile"],
    ]);
  });
});
