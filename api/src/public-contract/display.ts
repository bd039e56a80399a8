/**
 * Pure rules and formats a page shows values with, without zod or any feature's schemas: for the pages that must stay
 * light (the public network page and its lazily loaded chart), and kept apart from constants.ts so that the shell every
 * first screen loads does not carry them. The barrel (index.ts) re-exports the same functions.
 */
export { REPUTATION_SCALE, reputationTone } from "../node/rules.ts";
export { pliText } from "../shared/pli.ts";
