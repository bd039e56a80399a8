import Papa from "papaparse";

/** A column an import reads: its key in the rows sent, its label, and the header spellings taken for it. */
export interface ImportColumn {
  key: string;
  label: string;
  /** Header spellings besides the key itself, compared without case, spaces, dashes or underscores. */
  aliases?: readonly string[];
  required?: boolean;
}

/** A header as compared: lowercase letters and digits only ("Wallet Address", "wallet_address" → "walletaddress"). */
const comparable = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

export interface ReadCsv {
  /** Each data row with exactly the columns' keys (a missing cell is ""), values trimmed. */
  rows: Record<string, string>[];
  /** The labels of the required columns the header row lacks. */
  missing: string[];
}

/** Reads a CSV file's text with a header row; columns it does not know are left out. */
export function readCsv(text: string, columns: readonly ImportColumn[]): ReadCsv {
  const keyOf = (header: string) => {
    const wanted = comparable(header);
    return (
      columns.find(
        (column) => comparable(column.key) === wanted || column.aliases?.some((a) => comparable(a) === wanted),
      )?.key ?? header
    );
  };
  const parsed = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: keyOf,
  });
  const fields = parsed.meta.fields ?? [];
  return {
    rows: parsed.data.map((record) =>
      Object.fromEntries(columns.map((column) => [column.key, (record[column.key] ?? "").trim()])),
    ),
    missing: columns.filter((column) => column.required && !fields.includes(column.key)).map((column) => column.label),
  };
}
