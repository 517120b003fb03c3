/**
 * The ledger the wire benchmarks' references write: 9 accounts and their
 * postings, made when missing. The hand-written ledger server
 * (LedgerServer.ts) and the ledger floor (LedgerFloorApi.ts) share it.
 */
export const ledgerTables: ReadonlyArray<string> = [
  "CREATE TABLE IF NOT EXISTS ledger_accounts (id integer PRIMARY KEY, balance bigint NOT NULL)",
  "CREATE TABLE IF NOT EXISTS ledger_postings (id bigserial PRIMARY KEY, account_id integer NOT NULL REFERENCES ledger_accounts (id), amount bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now())",
  "INSERT INTO ledger_accounts (id, balance) SELECT n, 1000000000000 FROM generate_series(1, 9) AS n ON CONFLICT DO NOTHING"
]
