/** The block time of an event as a Date (blocks carry unix seconds). */
export const blockTime = (event: { block: { timestamp: bigint } }) => new Date(Number(event.block.timestamp) * 1000);
