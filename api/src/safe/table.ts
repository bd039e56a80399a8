import type { Generated } from "kysely";
import type { Timestamp } from "../shared/table-types.ts";

/** An admin chain action proposed to the Safe: the exact Safe transaction the owners sign. */
export interface SafeProposalTable {
  id: Generated<string>;
  chain_id: number;
  safe: string;
  /** numeric(78): read as a decimal string. */
  nonce: string;
  kind: string;
  to_address: string;
  value: Generated<string>;
  data: string;
  operation: number;
  safe_tx_hash: string;
  domain_hash: string;
  description: unknown;
  csv_digest: string | null;
  proposed_by: string | null;
  created_at: Generated<Timestamp>;
  /** The record status change the proposal stands for, applied when its Safe transaction executes (0046). */
  record_type: string | null;
  record_id: string | null;
  record_status: string | null;
  /** The record's status when proposed: the update applies only if the record still has it (0050). */
  record_from_status: string | null;
  record_outcome: string | null;
  record_reason: string | null;
  record_tx_hash: string | null;
  /** When it was applied or refused ('applying', written by earlier versions only: when their run claimed it). */
  record_done_at: Timestamp | null;
}

/** One owner's off-chain confirmation (an approveHash on chain is read from `chain.safe_approval` instead). */
export interface SafeConfirmationTable {
  proposal_id: string;
  owner: string;
  method: string;
  signature: string;
  confirmed_by: string | null;
  created_at: Generated<Timestamp>;
}

export interface SafeTables {
  "app.safe_proposal": SafeProposalTable;
  "app.safe_confirmation": SafeConfirmationTable;
}
