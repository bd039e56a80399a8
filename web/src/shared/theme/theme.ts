import { createTheme, type CSSVariablesResolver, type MantineColor, type MantineThemeComponents } from "@mantine/core";

/** The colour of each status tone (spec section 4), as Mantine colours of the one theme. */
export const TONE_COLORS = {
  success: "teal",
  warning: "orange",
  danger: "red",
  primary: "indigo",
  info: "cyan",
  muted: "gray",
} as const satisfies Record<string, MantineColor>;

export type Tone = keyof typeof TONE_COLORS;

/**
 * Component defaults as plain objects rather than `Button.extend(...)`: `extend` imports the component
 * into the theme, and the theme is on the first screen, which needs neither tables nor password inputs.
 */
const components: MantineThemeComponents = {
  Button: { styles: { label: { whiteSpace: "nowrap" } } },
  NavLink: { defaultProps: { variant: "light" } },
  Alert: { styles: { title: { color: "var(--mantine-color-text)" }, message: { color: "var(--mantine-color-text)" } } },
  PasswordInput: { defaultProps: { visibilityToggleButtonProps: { "aria-label": "Show or hide what you typed" } } },
  Table: { defaultProps: { verticalSpacing: "sm", highlightOnHover: true }, styles: { th: { whiteSpace: "nowrap" } } },
  // Mantine's close buttons are icons without a name: every modal and notification gets one.
  Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
  Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close notification" } } },
  // A badge keeps its whole label: in a table it would otherwise be squeezed to an ellipsis (its label hides overflow).
  Badge: { styles: { root: { flexShrink: 0, minWidth: "max-content" }, label: { whiteSpace: "nowrap" } } },
};

/** The one theme of the portal: light and dark follow the system setting (see app providers). */
export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  fontFamilyMonospace: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  fontSizes: { xs: "0.75rem", sm: "0.875rem", md: "1rem", lg: "1.125rem", xl: "1.25rem" },
  headings: {
    fontWeight: "650",
    sizes: {
      h1: { fontSize: "1.375rem", lineHeight: "1.3" },
      h2: { fontSize: "1.125rem", lineHeight: "1.35" },
      h3: { fontSize: "1rem", lineHeight: "1.4" },
    },
  },
  spacing: { xs: "0.5rem", sm: "0.75rem", md: "1rem", lg: "1.5rem", xl: "2rem" },
  radius: { xs: "0.125rem", sm: "0.25rem", md: "0.5rem", lg: "0.75rem", xl: "1rem" },
  other: { tones: TONE_COLORS },
  components,
});

/**
 * Text colours that keep WCAG AA contrast (dimmed text one shade darker than Mantine's default, links
 * one shade darker than the primary colour so they stay readable on a hovered table row, field
 * errors in the darkest red, the text of light badges, buttons and alerts darker than the darkest shade
 * of their colour, which stays near or under 4.5:1 on its own light background for orange and teal),
 * and one `--pli-tone-*` variable per status tone for anything that is not a Mantine `color` prop.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: Object.fromEntries(
    Object.entries(TONE_COLORS).map(([tone, color]) => [`--pli-tone-${tone}`, `var(--mantine-color-${color}-filled)`]),
  ),
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-anchor": "var(--mantine-color-indigo-8)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    ...Object.fromEntries(
      Object.values(TONE_COLORS).map((color) => [
        `--mantine-color-${color}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${color}-9) 85%, black)`,
      ]),
    ),
  },
  dark: { "--mantine-color-dimmed": "var(--mantine-color-dark-1)" },
});

/** One-time codes are typed in the monospace face (the label keeps the normal one). */
export const CODE_INPUT_STYLES = {
  input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.2em" },
} as const;
