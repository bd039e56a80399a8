import { api } from "@/shared/api/http";
import { downloadFile } from "@/shared/api/download";

/** Saves every transaction matching `q` (not only the page shown) as the API's CSV. */
export const exportTransactions = (q: string) =>
  downloadFile(api.stake.transactions.export.$get({ query: q ? { q } : {} }), "transactions.csv");
