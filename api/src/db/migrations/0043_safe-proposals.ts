import { sql, type Kysely } from "kysely";

/**
 * Safe mode (SAFE_ADDRESS): each admin chain action proposed to the Safe, built by the API (so every owner signs the
 * same bytes), and each owner's off-chain confirmation of one. Whether a proposal executed, was replaced or waits is
 * not stored: it follows from the chain (`chain.safe_*`) each time it is read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE app.safe_proposal (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      chain_id integer NOT NULL,
      safe text NOT NULL,
      nonce numeric(78) NOT NULL CHECK (nonce >= 0),
      kind text NOT NULL CHECK (kind IN ('payout', 'unlock', 'whitelist', 'deposit', 'stakeLimits')),
      to_address text NOT NULL,
      value numeric(78) NOT NULL DEFAULT 0,
      data text NOT NULL,
      operation smallint NOT NULL CHECK (operation IN (0, 1)),
      safe_tx_hash text NOT NULL,
      domain_hash text NOT NULL,
      description jsonb NOT NULL,
      csv_digest text,
      proposed_by uuid REFERENCES app.admin (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (chain_id, safe, safe_tx_hash)
    )
  `.execute(db);
  await sql`CREATE INDEX safe_proposal_queue_idx ON app.safe_proposal (safe, nonce, created_at)`.execute(db);
  await sql`
    CREATE TABLE app.safe_confirmation (
      proposal_id uuid NOT NULL REFERENCES app.safe_proposal (id) ON DELETE CASCADE,
      owner text NOT NULL,
      method text NOT NULL CHECK (method IN ('typedData', 'ethSign')),
      signature text NOT NULL,
      confirmed_by uuid REFERENCES app.admin (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (proposal_id, owner)
    )
  `.execute(db);
}
