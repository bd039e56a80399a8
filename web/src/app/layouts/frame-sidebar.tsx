import type { ReactNode } from "react";
import { Link, NavLink } from "react-router-dom";
import { routes, type RouteName } from "../../shared/config/routes";

/** The sidebar of both frames: brand, the frame's links, and what the frame adds below them. */
export function FrameSidebar({ label, brand, home, items, children }: { label: string; brand: string; home: RouteName; items: { route: RouteName; label: string }[]; children?: ReactNode }) {
  return (
    <aside className="frame__sidebar" aria-label={label}>
      <Link to={routes[home].path} className="brand">
        {brand}
      </Link>
      <nav className="sidebar-nav">
        {items.map((item) => (
          <NavLink key={item.route} to={routes[item.route].path}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </aside>
  );
}
