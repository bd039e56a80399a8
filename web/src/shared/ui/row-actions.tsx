import { ActionIcon, Divider, Group, Menu, Stack, useMatches, type ButtonProps } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { Children, useState, type ReactNode } from "react";
import { UnavailableButton } from "./unavailable-button";

/**
 * A list row's actions with the destructive one (Delete, Remove) set apart after a divider, so a slip from Edit never
 * lands on it. `stacked` puts the actions one under another (a narrow column), the divider between them lying flat.
 * On a phone, where lists show cards, the first action stays the row's one action and the others, the destructive one
 * last, go into a menu named for the row (`name`).
 */
export function RowActions({
  children,
  danger,
  stacked = false,
  name,
}: {
  children: ReactNode;
  danger?: ReactNode;
  stacked?: boolean;
  /** The row's name, for its card's menu: 'More actions for <name>'. */
  name?: string;
}) {
  // Below sm a DataTable shows its rows as cards (RowCards), where a row offers one action and a menu.
  const phone = useMatches({ base: true, sm: false });
  if (phone)
    return (
      <CardActions name={name} danger={danger}>
        {children}
      </CardActions>
    );
  const Box = stacked ? Stack : Group;
  return (
    <Box gap="xs" {...(stacked ? { align: "flex-start" } : { wrap: "nowrap" as const })}>
      {children}
      {danger ? (
        <>
          <Divider orientation={stacked ? "horizontal" : "vertical"} w={stacked ? "100%" : undefined} />
          {danger}
        </>
      ) : null}
    </Box>
  );
}

/** A card's one action, and a menu (a 44 px target) of the rest, the destructive one after a divider. */
function CardActions({ children, danger, name }: { children: ReactNode; danger?: ReactNode; name?: string }) {
  const [opened, setOpened] = useState(false);
  const [primary, ...rest] = Children.toArray(children);
  if (rest.length === 0 && !danger) return <>{primary}</>;
  const label = name ? `More actions for ${name}` : "More actions";
  return (
    <Group gap="xs" wrap="nowrap">
      {primary}
      <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <ActionIcon variant="default" size={44} aria-label={label}>
            <IconDots size={18} aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown aria-label={label}>
          <Stack gap={4} onClick={() => setOpened(false)}>
            {rest}
            {danger ? (
              <>
                <Menu.Divider />
                {danger}
              </>
            ) : null}
          </Stack>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/**
 * The destructive action of a row (Delete, Remove): red and light, named for the record it acts on; with
 * `unavailableBecause`, unavailable and saying why.
 */
export function DangerButton({
  children,
  label,
  onClick,
  unavailableBecause,
  ...props
}: ButtonProps & { children: ReactNode; label: string; onClick: () => void; unavailableBecause?: string }) {
  return (
    <UnavailableButton
      size="xs"
      variant="light"
      color="red"
      onClick={onClick}
      aria-label={label}
      unavailableBecause={unavailableBecause}
      {...props}
    >
      {children}
    </UnavailableButton>
  );
}
