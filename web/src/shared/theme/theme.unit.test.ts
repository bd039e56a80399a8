import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme, toRgba } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { AA_CONTRAST, contrastRatio, cssVariablesResolver, theme, TONE_COLORS } from "./theme";

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const defaults = defaultCssVariablesResolver(full);
const ours = cssVariablesResolver(full);
/** The CSS variables the browser gets in the dark scheme: Mantine's, then the portal's on top. */
const darkVariables: Record<string, string> = {
  ...defaults.variables,
  ...ours.variables,
  ...defaults.dark,
  ...ours.dark,
};

/** A dark-scheme variable's value with every `var(--x)` in it resolved. */
function dark(name: string): string {
  const value = darkVariables[name];
  if (value === undefined) throw new Error(`no CSS variable ${name}`);
  return value.replace(/var\((--[\w-]+)\)/g, (_, inner: string) => dark(inner));
}

const BODY = () => dark("--mantine-color-body");
/** The background of a hovered table row and of inputs in the dark scheme. */
const RAISED = DEFAULT_THEME.colors.dark[6];

/** A translucent colour laid over an opaque one, as it shows on the screen. */
function over(top: string, below: string): string {
  const t = toRgba(top);
  const b = toRgba(below);
  const mix = (x: number, y: number) => Math.round(x * t.a + y * (1 - t.a));
  return `rgb(${mix(t.r, b.r)}, ${mix(t.g, b.g)}, ${mix(t.b, b.b)})`;
}

/** CIE 1976 colour difference (ΔE*ab) of two opaque colours: about 2 is barely visible, over 20 is another colour. */
function colourDifference(a: string, b: string): number {
  const lab = (colour: string): [number, number, number] => {
    const { r, g, b: blue } = toRgba(colour);
    const linear = (c: number) => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const [R, G, B] = [linear(r), linear(g), linear(blue)];
    const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
    const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
    const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

describe("the dark colour scheme", () => {
  it("keeps body text, dimmed text, links and field errors at WCAG AA on the page, a card and a hovered row", () => {
    for (const name of [
      "--mantine-color-text",
      "--mantine-color-dimmed",
      "--mantine-color-anchor",
      "--mantine-color-error",
    ]) {
      for (const background of [BODY(), RAISED]) {
        expect(contrastRatio(dark(name), background), `${name} on ${background}`).toBeGreaterThanOrEqual(AA_CONTRAST);
      }
    }
  });

  it("shows headings at least as bright as body text", () => {
    expect(dark("--mantine-color-bright")).toBe(DEFAULT_THEME.white);
    expect(theme.components?.Title?.styles).toEqual({ root: { color: "var(--mantine-color-bright)" } });
    expect(contrastRatio(dark("--mantine-color-bright"), BODY())).toBeGreaterThan(
      contrastRatio(dark("--mantine-color-text"), BODY()),
    );
  });

  it.each(Object.entries(TONE_COLORS))(
    "keeps the %s tone (%s) readable: white on its filled buttons, tabs and badges, its text on its light badges",
    (_, color) => {
      const filled = dark(`--mantine-color-${color}-filled`);
      expect(contrastRatio(DEFAULT_THEME.white, filled), `white on ${filled}`).toBeGreaterThanOrEqual(AA_CONTRAST);
      const hovered = dark(`--mantine-color-${color}-filled-hover`);
      expect(contrastRatio(DEFAULT_THEME.white, hovered), `white on ${hovered}`).toBeGreaterThanOrEqual(AA_CONTRAST);
      const text = dark(`--mantine-color-${color}-light-color`);
      for (const tint of [`--mantine-color-${color}-light`, `--mantine-color-${color}-light-hover`]) {
        const badge = over(dark(tint), BODY());
        expect(contrastRatio(text, badge), `${text} on ${badge}`).toBeGreaterThanOrEqual(AA_CONTRAST);
      }
    },
  );

  it("tells the red-family badges apart: warning (orange) and danger (red) differ in tint and in text", () => {
    const badge = (color: string) => over(dark(`--mantine-color-${color}-light`), BODY());
    const text = (color: string) => dark(`--mantine-color-${color}-light-color`);
    expect(colourDifference(badge(TONE_COLORS.warning), badge(TONE_COLORS.danger))).toBeGreaterThanOrEqual(15);
    expect(colourDifference(text(TONE_COLORS.warning), text(TONE_COLORS.danger))).toBeGreaterThanOrEqual(20);
  });
});
