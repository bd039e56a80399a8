/** Query keys of the dashboards. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  user: () => [...dashboardKeys.all, "user"] as const,
  earnings: () => [...dashboardKeys.all, "earnings"] as const,
  admin: () => [...dashboardKeys.all, "admin"] as const,
  needsAction: () => [...dashboardKeys.all, "needsAction"] as const,
};
