import { NavLink, Stack, UnstyledButton } from "@mantine/core";
import { Link, useLocation } from "react-router-dom";
import { navSectionAt, routes, type RouteName } from "@/shared/config/routes";
import { BrandMark } from "./brand-mark";
import { NAV_ICONS } from "./nav-icons";

interface FrameNavProps {
  /** What the frame is, under the application's name (e.g. the admin console). */
  caption?: string;
  home: RouteName;
  items: readonly { route: RouteName; label: string }[];
  onNavigate: () => void;
}

/** The brand of the site settings and the frame's links; the current page's section is marked. */
export function FrameNav({ caption, home, items, onNavigate }: FrameNavProps) {
  const section = navSectionAt(useLocation().pathname);
  return (
    <Stack gap={4}>
      <UnstyledButton component={Link} to={routes[home].path} onClick={onNavigate} mb="sm" px="sm">
        <BrandMark caption={caption} />
      </UnstyledButton>
      {items.map((item) => {
        const Icon = NAV_ICONS[item.route];
        const path = routes[item.route].path;
        return (
          <NavLink
            key={item.route}
            component={Link}
            to={path}
            onClick={onNavigate}
            label={item.label}
            active={section === item.route}
            aria-current={section === item.route ? "page" : undefined}
            leftSection={Icon ? <Icon size={18} stroke={1.7} aria-hidden="true" /> : null}
          />
        );
      })}
    </Stack>
  );
}
