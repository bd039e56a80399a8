import { useReducedMotion } from "@mantine/hooks";

/** Mantine's AppShell slides its sidebar and shifts its content in 200 ms. */
const FRAME_TRANSITION_MS = 200;

/**
 * How long the frame's sidebar and content take to move: none for people whose system asks for less motion. The
 * theme's `respectReducedMotion` covers Mantine's transitions, but AppShell times its own.
 */
export function useFrameTransitionMs(): number {
  return useReducedMotion() ? 0 : FRAME_TRANSITION_MS;
}
