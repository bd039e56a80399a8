import { WEI_PER_PLI } from "@pli/api/shared/pli";
import { chainTablesSql } from "../../test/chain-tables.ts";

/** The schema the benches write chain facts to, behind `chain.*` views (test/chain-tables.ts). */
export const BENCH_INDEXER_SCHEMA = "bench_indexer";

/** Ponder's tables for indexer/ponder.schema.ts and their `chain.*` views; run inside the seeding transaction. */
export const CHAIN_TABLES = chainTablesSql(BENCH_INDEXER_SCHEMA);

/** Wei in one PLI as a SQL numeric, for seeded amounts. */
export const WEI_PER_PLI_SQL = `${WEI_PER_PLI}::numeric`;
