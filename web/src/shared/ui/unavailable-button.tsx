import { Button, Tooltip, VisuallyHidden, type ButtonProps } from "@mantine/core";
import { useId, type ReactNode } from "react";

/**
 * A button that may be unavailable for a reason the user can change (pick the dates first, empty the category first).
 * Unavailable, it looks disabled and says why: as its accessible description, and as a tooltip on hover, focus and
 * touch. A disabled button gets none of those events, so it is marked disabled instead of being one, and its click
 * does nothing.
 */
export function UnavailableButton({
  unavailableBecause,
  onClick,
  children,
  ...props
}: ButtonProps & {
  unavailableBecause: string | undefined;
  onClick: () => void;
  children: ReactNode;
  "aria-label"?: string;
}) {
  const reasonId = useId();
  if (!unavailableBecause)
    return (
      <Button onClick={onClick} {...props}>
        {children}
      </Button>
    );
  return (
    <>
      <Tooltip
        label={unavailableBecause}
        withArrow
        multiline
        maw={280}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button data-disabled aria-disabled aria-describedby={reasonId} {...props}>
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{unavailableBecause}</VisuallyHidden>
    </>
  );
}
