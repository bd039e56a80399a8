import { describe, expect, it } from "vitest";
import { ADMIN_SIDEBAR, NAV_SECTION, navSectionAt, OPERATOR_SIDEBAR, routes, type RouteName } from "./routes";

const namesOf = (access: string) =>
  (Object.keys(routes) as RouteName[]).filter((name) => routes[name].access === access);

describe("the navigation", () => {
  it.each([
    ["operator", OPERATOR_SIDEBAR],
    ["admin", ADMIN_SIDEBAR],
  ] as const)("leads to every %s screen: each is a sidebar entry or sits under one", (access, sidebar) => {
    const entries = sidebar.map((item) => item.route);
    const unreachable = namesOf(access).filter((name) => !entries.includes(NAV_SECTION[name] ?? name));
    expect(unreachable).toEqual([]);
  });

  it("marks the section of the screen open, a path with a parameter included", () => {
    expect(navSectionAt(routes.deposit.href("0xabc"))).toBe("listNode");
    expect(navSectionAt(routes.adminEditStake.path)).toBe("adminListStake");
    expect(navSectionAt(routes.adminEditStakeRequest.path)).toBe("adminListStakeRequest");
    expect(navSectionAt(routes.transactions.path)).toBe("transactions");
    expect(navSectionAt("/nowhere")).toBeUndefined();
  });
});
