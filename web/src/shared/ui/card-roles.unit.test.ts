import { describe, expect, it } from "vitest";
import { cardLabel, cardLayout, type CardColumn } from "./card-roles";

const ids = (columns: CardColumn[]) => columns.map((column) => column.id);

describe("cardLayout", () => {
  it("puts each column where its role says, in the list's order", () => {
    const layout = cardLayout([
      { id: "wallet", label: "Wallet Address" },
      { id: "amount", role: "amount", label: "Total Stake" },
      { id: "name", role: "title", label: "Node Name" },
      { id: "status", role: "status", label: "Status" },
      { id: "stake", role: "status", label: "Stake Status" },
      { id: "withdraw", role: "action", label: "Action" },
      { id: "hash", role: "detail", label: "Txn Hash" },
    ]);
    expect({
      title: ids(layout.title),
      status: ids(layout.status),
      amount: ids(layout.amount),
      action: ids(layout.action),
      detail: ids(layout.detail),
    }).toEqual({
      title: ["name"],
      status: ["status", "stake"],
      amount: ["amount"],
      action: ["withdraw"],
      detail: ["wallet", "hash"],
    });
  });

  it("titles a list without roles by its first column and shows every other column as a detail", () => {
    const layout = cardLayout([
      { id: "name", label: "Name" },
      { id: "email", label: "Email" },
      { id: "date", label: "Date" },
    ]);
    expect(ids(layout.title)).toEqual(["name"]);
    expect(ids(layout.detail)).toEqual(["email", "date"]);
  });

  it("titles a list that names no title by its first column without a role, not by its status", () => {
    const layout = cardLayout([
      { id: "status", role: "status", label: "Status" },
      { id: "name", label: "Name" },
      { id: "date", label: "Date" },
    ]);
    expect(ids(layout.title)).toEqual(["name"]);
    expect(ids(layout.status)).toEqual(["status"]);
    expect(ids(layout.detail)).toEqual(["date"]);
  });
});

describe("cardLabel", () => {
  it("labels a value by the list's label, else by its text header, else by the column's id", () => {
    expect(cardLabel("jobs", "Manage Jobs", "Jobs")).toBe("Jobs");
    expect(cardLabel("amount", "Total Stake")).toBe("Total Stake");
    expect(cardLabel("select", () => null)).toBe("select");
  });
});
