/** Where the live streams are and the name of their events (no zod here: the web's first screens import it). */
export const LIVE_PATHS = { events: "/api/live", publicEvents: "/api/live/public" } as const;

export const LIVE_EVENT_NAME = "chain";
