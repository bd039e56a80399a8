import type { ColumnType } from "kysely";

/** A timestamp column: read as Date, written as Date or ISO text (or left to its default). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
