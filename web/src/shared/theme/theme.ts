import {
  createTheme,
  darken,
  DEFAULT_THEME,
  luminance,
  rgba,
  toRgba,
  type CSSVariablesResolver,
  type MantineColor,
  type MantineThemeComponents,
} from "@mantine/core";

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

/** The reputation rule's green and red (spec 4) in the theme's success and danger colours, which keep AA contrast. */
export const REPUTATION_COLORS = { green: TONE_COLORS.success, red: TONE_COLORS.danger } as const;

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
  // Headings in the brightest text colour: in dark, body text is a soft grey and bold headings of the same grey read dimmer.
  Title: { styles: { root: { color: "var(--mantine-color-bright)" } } },
  // A chart's legend starts at the left, as the text around it does: right-aligned, a phone wrapped a long series name
  // between short ones pushed to the right edge.
  ChartLegend: { styles: { legend: { justifyContent: "flex-start" } } },
};

/** The one theme of the portal: light and dark follow the system setting (see app providers). */
export const theme = createTheme({
  // Transitions and animations stop for people whose system asks for less motion.
  respectReducedMotion: true,
  primaryColor: "indigo",
  primaryShade: { light: 7, dark: 8 },
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

/** WCAG AA's contrast for normal text. */
export const AA_CONTRAST = 4.5;

/** WCAG contrast ratio of two colours (hex or rgb/rgba strings). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** A translucent colour laid over an opaque one, as it shows on the screen. */
function composite(top: string, below: string): string {
  const [t, b] = [toRgba(top), toRgba(below)];
  const mix = (x: number, y: number) => Math.round(x * t.a + y * (1 - t.a));
  return `rgb(${mix(t.r, b.r)}, ${mix(t.g, b.g)}, ${mix(t.b, b.b)})`;
}

/**
 * The dark scheme's colours of each tone colour (Mantine's defaults fail AA there). Filled buttons,
 * tabs and badges carry white text: the lightest of shades 8 and 9 that keeps AA contrast with it,
 * else shade 9 darkened (orange). Light badges, alerts and nav links get a 30 % tint of shade 7
 * instead of Mantine's 15 % one, so warning (orange) and danger (red) badges read as two colours,
 * with text in the most saturated of shades 4 to 2 that keeps AA on the hovered tint.
 */
const DARK_TONE_COLORS = Object.fromEntries(
  Object.values(TONE_COLORS).map((color) => {
    const shades = DEFAULT_THEME.colors[color];
    const filled =
      [shades[8], shades[9]].find((shade) => contrastRatio(shade, DEFAULT_THEME.white) >= AA_CONTRAST) ??
      darken(shades[9], 0.1);
    const lightHover = rgba(shades[7], 0.4);
    const onHover = composite(lightHover, DEFAULT_THEME.colors.dark[7]);
    const lightColor =
      [shades[4], shades[3]].find((shade) => contrastRatio(shade, onHover) >= AA_CONTRAST) ?? shades[2];
    return [color, { filled, filledHover: darken(filled, 0.1), light: rgba(shades[7], 0.3), lightHover, lightColor }];
  }),
) as Record<
  (typeof TONE_COLORS)[Tone],
  { filled: string; filledHover: string; light: string; lightHover: string; lightColor: string }
>;

/**
 * Text colours that keep WCAG AA contrast in both schemes and one `--pli-tone-*` variable per status
 * tone for anything that is not a Mantine `color` prop. Light: dimmed text one shade darker than
 * Mantine's default, links one shade darker than the primary colour so they stay readable on a hovered
 * table row, field errors in the darkest red, the text of light badges, buttons and alerts darker than
 * the darkest shade of their colour, which stays near or under 4.5:1 on its own light background for
 * orange and teal. Dark: the tone colours above, links and errors in light shades (the defaults, shade 4 and 8, fall
 * under 4.5:1 on a hovered row or a card), borders one step brighter. In both, placeholders are the dimmed text: a date
 * picker's placeholder is its button's text, held to 4.5:1 (Mantine's dark placeholder, dark-3, and the next step,
 * dark-2, fall under it on an input).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: Object.fromEntries(
    Object.entries(TONE_COLORS).map(([tone, color]) => [`--pli-tone-${tone}`, `var(--mantine-color-${color}-filled)`]),
  ),
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-anchor": "var(--mantine-color-indigo-8)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-7)",
    ...Object.fromEntries(
      Object.values(TONE_COLORS).map((color) => [
        `--mantine-color-${color}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${color}-9) 85%, black)`,
      ]),
    ),
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-anchor": "var(--mantine-color-indigo-3)",
    "--mantine-color-error": "var(--mantine-color-red-4)",
    "--mantine-color-placeholder": "var(--mantine-color-dark-1)",
    "--mantine-color-default-border": "var(--mantine-color-dark-3)",
    ...Object.fromEntries(
      Object.entries(DARK_TONE_COLORS).flatMap(([color, tone]) => [
        [`--mantine-color-${color}-filled`, tone.filled],
        [`--mantine-color-${color}-filled-hover`, tone.filledHover],
        [`--mantine-color-${color}-light`, tone.light],
        [`--mantine-color-${color}-light-hover`, tone.lightHover],
        [`--mantine-color-${color}-light-color`, tone.lightColor],
      ]),
    ),
  },
});

/** One-time codes are typed in the monospace face (the label keeps the normal one). */
export const CODE_INPUT_STYLES = {
  input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.2em" },
} as const;
