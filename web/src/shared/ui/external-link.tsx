import { Anchor, type AnchorProps } from "@mantine/core";
import type { ReactNode } from "react";

/** A link that opens another site in a new tab without giving it access to this one. */
export function ExternalLink({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Anchor>
  );
}
