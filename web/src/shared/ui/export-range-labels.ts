/** What the exports' date picker shows, and is named, while no range is picked. */
export const ALL_DATES = "All dates (UTC)";
