import { describe, expect, it } from "vitest";
import { ADMIN_SIDEBAR, OPERATOR_MOBILE_NAV, OPERATOR_SIDEBAR } from "@/shared/config/routes";
import { NAV_ICONS } from "./nav-icons";

describe("the navigation's icons", () => {
  it("give every sidebar and bottom-bar entry an icon, so no link stands out unaligned", () => {
    const entries = [...OPERATOR_SIDEBAR, ...ADMIN_SIDEBAR, ...OPERATOR_MOBILE_NAV];
    expect(entries.filter((entry) => !NAV_ICONS[entry.route]).map((entry) => entry.label)).toEqual([]);
  });
});
