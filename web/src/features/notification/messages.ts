/** Texts of the notifications that the API's contract does not carry. */
export const notificationMessages = {
  bell: (unread: number) => (unread === 0 ? "Notifications" : `Notifications, ${unread} unread`),
  title: "Notifications",
  markAllRead: "Mark all read",
  markRead: "Mark read",
  unread: "Unread",
  empty: "Nothing yet. What the portal mails you (node reviews, payouts, ticket replies) also shows here.",
  more: "Older notifications are in your mailbox.",
} as const;
