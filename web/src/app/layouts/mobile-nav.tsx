import { Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconLifebuoy } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { navSectionAt, routes, SUPPORT_DOCS_URL, OPERATOR_MOBILE_NAV } from "@/shared/config/routes";
import classes from "./mobile-nav.module.css";
import { NAV_ICONS } from "./nav-icons";

function Item({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Stack gap={2} align="center">
      {icon}
      <Text size="xs" inherit={false}>
        {label}
      </Text>
    </Stack>
  );
}

/** The operator's bottom navigation on phones: Dashboard, My Nodes, My Wallet, Profile and Support. */
export function MobileNav() {
  const section = navSectionAt(useLocation().pathname);
  return (
    <Group component="nav" aria-label="Mobile navigation" h="100%" gap={0} wrap="nowrap" px={4}>
      {OPERATOR_MOBILE_NAV.map(({ route, label }) => {
        const Icon = NAV_ICONS[route];
        const path = routes[route].path;
        return (
          <UnstyledButton
            key={route}
            component={Link}
            to={path}
            className={classes.item}
            aria-current={section === route ? "page" : undefined}
          >
            <Item icon={Icon ? <Icon size={20} aria-hidden="true" /> : null} label={label} />
          </UnstyledButton>
        );
      })}
      <UnstyledButton
        component="a"
        href={SUPPORT_DOCS_URL}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.item}
      >
        <Item icon={<IconLifebuoy size={20} aria-hidden="true" />} label="Support" />
      </UnstyledButton>
    </Group>
  );
}
