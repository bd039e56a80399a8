/** The browser wallet the portal recommends when none is installed. */
export const WALLET_EXTENSION = {
  name: "XDCPay",
  storeUrl: "https://chrome.google.com/webstore/detail/xdcpay/bocpokimicclpaiekenaeelehdjllofo",
} as const;
