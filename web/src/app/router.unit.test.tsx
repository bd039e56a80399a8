import type { ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { describe, expect, test } from "vitest";
import { routes, type RouteName } from "@/shared/config/routes";
import { AdminLoginGate, OtpGate, RequireAdmin, RequireOperator, SignedInOperatorGate } from "./guards/guards";
import { PublicLayout } from "./layouts/public-layout";
import { routeTree } from "./router";

interface Placed {
  route: RouteObject;
  /** The components wrapping the route, outermost first. */
  guards: unknown[];
}

/** Every route of the tree that has a path, with the elements around it. */
function placed(tree: RouteObject[], guards: unknown[] = []): Placed[] {
  return tree.flatMap((route) => {
    const here =
      route.element && typeof route.element === "object" && "type" in route.element
        ? [...guards, route.element.type]
        : guards;
    return [...(route.path ? [{ route, guards: here }] : []), ...placed(route.children ?? [], here)];
  });
}

const tree = placed(routeTree());
const placementOf = (name: RouteName) => tree.filter(({ route }) => route.path === routes[name].path);
const names = Object.keys(routes) as RouteName[];

describe("the route tree built from the registry", () => {
  test("holds every route of the registry once, with its title and a page loaded on demand", () => {
    for (const name of names) {
      const found = placementOf(name);
      expect(found, name).toHaveLength(1);
      expect(found[0]?.route.handle, name).toMatchObject({ title: routes[name].title });
      expect(typeof found[0]?.route.lazy, name).toBe("function");
    }
    expect(tree.map(({ route }) => route.path).sort()).toEqual(
      [...names.map((name) => routes[name].path), "/login", "*"].sort(),
    );
  });

  test("puts operator pages behind the operator guard and the /admin/ pages behind the admin guard", () => {
    for (const name of names) {
      const guards: unknown[] = placementOf(name)[0]?.guards ?? [];
      const access = routes[name].access;
      if (access !== "public")
        expect(access, name).toBe(routes[name].path.startsWith("/admin/") ? "admin" : "operator");
      expect(guards.includes(RequireOperator), name).toBe(access === "operator");
      expect(guards.includes(RequireAdmin), name).toBe(access === "admin");
    }
  });

  test("keeps the connect, admin sign-in and code pages behind their own gates in the public frame", () => {
    const gates: [RouteName, ComponentType][] = [
      ["home", SignedInOperatorGate],
      ["adminLogin", AdminLoginGate],
      ["adminVerifyOtp", OtpGate],
    ];
    for (const [name, gate] of gates)
      expect(placementOf(name)[0]?.guards.slice(-2), name).toEqual([PublicLayout, gate]);
  });
});

describe("the spec's /login", () => {
  test("leads to the operator's connect page, replacing the history entry", () => {
    const login = tree.find(({ route }) => route.path === "/login")?.route.element;
    expect(login && typeof login === "object" && "props" in login ? login.props : undefined).toEqual({
      to: "/",
      replace: true,
    });
  });
});
