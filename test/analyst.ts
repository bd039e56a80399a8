import pg from "pg";
import { ANALYST_ROLE } from "@pli/api/db/migrations/0015_analytics";

/** A password that passes ANALYST_PASSWORD's rules. */
export const ANALYST_TEST_PASSWORD = "analyst-test-password-0123";

/** `databaseUrl` with the analyst role's name and `password` instead of its user. */
export function analystUrl(databaseUrl: string, password = ANALYST_TEST_PASSWORD): string {
  const url = new URL(databaseUrl);
  url.username = ANALYST_ROLE;
  url.password = password;
  return url.toString();
}

/** A connection to `databaseUrl` signed in as the analyst role; throws Postgres's refusal when it cannot log in. */
export async function connectAsAnalyst(databaseUrl: string, password?: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: analystUrl(databaseUrl, password) });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return client;
}

/** The SQLSTATE a statement fails with as `client`, or null when it succeeds. */
export async function failureCode(client: pg.Client, statement: string): Promise<string | null> {
  try {
    await client.query(statement);
    return null;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}
