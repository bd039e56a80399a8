import { describe, expect, it } from "vitest";
import { readCsv } from "./read-csv";

const COLUMNS = [
  { key: "walletAddress", label: "Wallet address", aliases: ["wallet", "address"], required: true },
  { key: "email", label: "Email" },
  { key: "userRole", label: "Role", aliases: ["role"], required: true },
];

describe("readCsv", () => {
  it("takes common header spellings, trims cells, fills missing cells and skips blank lines", () => {
    const text =
      "\uFEFFWallet Address,E-mail,Role,notes\r\n 0xabc , a@example.com ,Validator,x\r\n\r\nxdc123,,Standby\r\n";
    expect(readCsv(text, COLUMNS)).toEqual({
      rows: [
        { walletAddress: "0xabc", email: "a@example.com", userRole: "Validator" },
        { walletAddress: "xdc123", email: "", userRole: "Standby" },
      ],
      missing: [],
    });
  });

  it("names the required columns the header lacks", () => {
    expect(readCsv("email\na@example.com\n", COLUMNS).missing).toEqual(["Wallet address", "Role"]);
  });
});
