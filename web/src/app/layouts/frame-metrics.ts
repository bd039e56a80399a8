/** Sizes of the signed-in frames, shared by the shell and the notifications below its header. */
export const HEADER_HEIGHT = 60;
export const NAVBAR_WIDTH = 264;
export const MOBILE_NAV_HEIGHT = 64;
/** Below Mantine's `sm` breakpoint (48em) the navigation collapses into the burger menu. */
export const PHONE_QUERY = "(max-width: 47.99em)";
