import { inject } from "vitest";
import type { Stack } from "../../scripts/stack.ts";

/** What the browser tests see of the run's shared stack (started by ./global-stack.ts). */
export interface SharedStack {
  urls: Stack["urls"];
  deployment: Stack["deployment"];
  databaseUrl: string;
  logDir: string;
  /** Where the stack's SMTP server leaves each mail (read with `mailbox`). */
  mailDir: string;
}

/** The run's shared stack. */
export function useStack(): { readonly current: SharedStack } {
  const stack = inject("e2eStack");
  return {
    get current() {
      return stack;
    },
  };
}
