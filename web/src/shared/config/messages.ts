import { DEFAULT_SETTINGS } from "@pli/abis";
import { COMMON_MESSAGES } from "@pli/api/public-contract/constants";

/** Texts used by more than one feature or by the application shell. */
export const messages = {
  productName: DEFAULT_SETTINGS.applicationName,
  loading: COMMON_MESSAGES.loading,
  configLoadFailed: "The portal could not load its network configuration.",
  tryAgain: "Try again",
  notFoundTitle: "Page not found",
  backHome: "Back to the start page",
  backTo: (title: string) => `Back to ${title}`,
  recordGone: "It may have been deleted, or the link is not one of yours.",
  copyright: "Copyright © 2022 Plugin. All rights reserved.",
} as const;
