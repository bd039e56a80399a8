import type { AnchorHTMLAttributes } from "react";

/** A link that opens another site in a new tab without giving it access to this one. */
export function ExternalLink({ className, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a target="_blank" rel="noopener noreferrer" className={["link", className].filter(Boolean).join(" ")} {...props} />;
}
