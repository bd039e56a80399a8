import { Paper, SimpleGrid, Text, type SimpleGridProps } from "@mantine/core";
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import classes from "./stat-card.module.css";

/**
 * The smallest a card's value is drawn, as a share of its size (12 px for the 20 px of a figure): an amount of billions
 * of PLI to 4 decimals still fits the narrowest card (CARD_MIN_REM).
 */
const SMALLEST_ZOOM = 0.6;

/**
 * How a card's value is drawn: its zoom, and whether it wraps at its spaces (a text, such as a yield of thirteen digits,
 * too long for its card at SMALLEST_ZOOM; an amount keeps its own one line).
 */
interface Fit {
  zoom: number;
  wrap: boolean;
}
const FULL_SIZE: Fit = { zoom: 1, wrap: false };
const WRAPPED: Fit = { zoom: SMALLEST_ZOOM, wrap: true };

/**
 * A value on one line that is drawn smaller, down to SMALLEST_ZOOM, when it is wider than its card (a stake of millions
 * of PLI in a card a quarter of the page wide); a value that fits keeps its size. It is measured before the browser
 * paints, and when the card's width changes; once a new zoom is drawn it is measured again and only drawn smaller still
 * if it needs to be (text does not scale to the exact pixel, and a smaller zoom never turns back into a larger one).
 * The value's natural width is its drawn width over the zoom the page has (read from the element), not over the zoom
 * last asked for, which may not be drawn yet.
 */
function FittedValue({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const [fit, setFit] = useState<Fit>(FULL_SIZE);
  const measure = useCallback((shrinkOnly: boolean) => {
    const room = box.current?.clientWidth ?? 0;
    const value = line.current;
    if (!value || room === 0) return;
    const drawnZoom = Number(value.style.zoom || 1);
    value.style.whiteSpace = "nowrap";
    const drawn = value.getBoundingClientRect().width;
    value.style.whiteSpace = "";
    if (drawn === 0) return;
    const share = (room - 1) / (drawn / drawnZoom);
    const next: Fit =
      share >= 1 ? FULL_SIZE : share < SMALLEST_ZOOM ? WRAPPED : { zoom: Math.floor(share * 1000) / 1000, wrap: false };
    setFit((shown) => {
      if (next.zoom === shown.zoom && next.wrap === shown.wrap) return shown;
      return shrinkOnly && next.zoom >= shown.zoom && !(next.wrap && !shown.wrap) ? shown : next;
    });
  }, []);
  useLayoutEffect(() => measure(false), [measure, children]);
  useLayoutEffect(() => measure(true), [measure, fit]);
  useLayoutEffect(() => {
    const outer = box.current;
    if (!outer) return;
    let width = outer.clientWidth;
    const observer = new ResizeObserver(() => {
      if (outer.clientWidth === width) return;
      width = outer.clientWidth;
      measure(false);
    });
    observer.observe(outer);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <div ref={box}>
      <span
        ref={line}
        className={classes.line}
        data-wrap={fit.wrap || undefined}
        style={fit.zoom === 1 ? undefined : { zoom: fit.zoom }}
      >
        {children}
      </span>
    </div>
  );
}

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A second line under the value (a sum, a date). */
  detail?: ReactNode;
  /** Where the card leads; the whole card is then one link named by its text. */
  to?: string;
}

/** One figure of a summary (a count, a total) with its label; a group named by its label, or a link. */
export function StatCard({ label, value, detail, to }: StatCardProps) {
  const body = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" fz="xl" fw={700} mt={4}>
        <FittedValue>{value}</FittedValue>
      </Text>
      {detail ? (
        <Text size="sm" c="dimmed" mt={2}>
          {detail}
        </Text>
      ) : null}
    </>
  );
  return to ? (
    <Paper component={Link} to={to} withBorder radius="md" p="md" td="none" c="inherit" miw={0}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label} miw={0}>
      {body}
    </Paper>
  );
}

/**
 * The narrowest a stat card is laid out beside others (13 rem, 208 px at the browser's default text size), and the gap
 * between cards (the "sm" spacing), in rem so that a larger text setting widens the cards with their text: a value of
 * 18 characters (a stake of millions of PLI to 4 decimals, a date with its time) is drawn at three quarters of its size
 * or more.
 */
const CARD_MIN_REM = 13;
const CARD_GAP_REM = 0.75;

/** The width a grid needs for `cols` cards of CARD_MIN_REM side by side, as a container query's breakpoint. */
const widthFor = (cols: number) => `${cols * CARD_MIN_REM + (cols - 1) * CARD_GAP_REM}rem`;

/**
 * Stat cards side by side, as many as the grid's own width holds (a container query, so a menu beside the page counts):
 * one to a row, then two, then `cols` once that many fit. `cols` given per screen size instead (Mantine's breakpoints)
 * is for cards of short counts.
 */
export function StatGrid({ children, cols = 4 }: { children: ReactNode; cols?: SimpleGridProps["cols"] }) {
  return typeof cols === "number" ? (
    <SimpleGrid
      type="container"
      cols={cols > 2 ? { base: 1, [widthFor(2)]: 2, [widthFor(cols)]: cols } : { base: 1, [widthFor(cols)]: cols }}
      spacing="sm"
    >
      {children}
    </SimpleGrid>
  ) : (
    <SimpleGrid cols={cols} spacing="sm">
      {children}
    </SimpleGrid>
  );
}
