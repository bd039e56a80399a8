import { sql, type Kysely } from "kysely";

/**
 * A Safe proposal that stands for a record's status change (a node approved by its whitelist, a stake request approved
 * by its farm whitelist, a stake set to Unlock) keeps the update it stands for. The portal applies it once, when the
 * indexer shows the proposal's own Safe transaction executed successfully; the outcome (applied, or refused with the
 * rule's reason when the record changed meanwhile) and the execution's transaction are kept with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE app.safe_proposal
      ADD COLUMN record_type text CHECK (record_type IN ('node', 'stakeRequest', 'stake')),
      ADD COLUMN record_id text,
      ADD COLUMN record_status text,
      ADD COLUMN record_outcome text CHECK (record_outcome IN ('applying', 'applied', 'refused')),
      ADD COLUMN record_reason text,
      ADD COLUMN record_tx_hash text,
      ADD COLUMN record_done_at timestamptz,
      ADD CONSTRAINT safe_proposal_record_whole CHECK (
        (record_type IS NULL) = (record_id IS NULL) AND (record_type IS NULL) = (record_status IS NULL)
      )
  `.execute(db);
  await sql`
    CREATE INDEX safe_proposal_record_due_idx ON app.safe_proposal (safe_tx_hash)
      WHERE record_type IS NOT NULL AND record_outcome IS NULL
  `.execute(db);
}
