/** Texts of the node screens that the API's contract does not carry. */
export const nodeMessages = {
  listTitle: "Validator Nodes",
  addNode: "Add Node",
  confirmSubmit: "To submit the Node type yes and confirm",
  confirmUpdate: "To Update the Node Status type yes and confirm",
  whitelistTryAgain: "Try Again! Kindly Ensure you are connected to the right Wallet.",
  imageReuploadHint: "Re-upload only if mentioned by Admin",
  notApplicable: "NA",
  emptyNext:
    "Add your validator node to begin: an admin reviews it, and once it is approved you can request to stake on it.",
} as const;
