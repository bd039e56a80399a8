/** Query keys of the settings feature. */
export const settingsKeys = {
  passkeys: ["admin-passkeys"] as const,
};
