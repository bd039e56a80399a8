import { LIMITS, PLI_DECIMALS } from "@pli/api/public-contract/constants";
import { Text, Tooltip, type TextProps } from "@mantine/core";
import { abbreviatedToken, formatToken, formatTokenExact } from "../format";
import { WRAP_ANYWHERE } from "./detail";
import classes from "./mono.module.css";

/**
 * A token amount (wei) to 4 decimals with its unit: monospace, never wrapped mid-value; an amount beyond any real
 * balance (up to 78 digits in wei) is abbreviated (9.00 × 10⁵⁹ PLI) with its exact figure on hover, so it never widens the
 * card, cell or page it sits in. `exact` shows every decimal (and may wrap) where a rounding would hide a difference.
 */
export function Amount({
  wei,
  unit = "PLI",
  testId,
  exact = false,
  decimals = PLI_DECIMALS,
  places,
  ...props
}: TextProps & {
  wei: bigint | undefined;
  unit?: string;
  testId?: string;
  exact?: boolean;
  /** The unit's decimals (PLI's by default) and the places shown (4 by default). */
  decimals?: number;
  places?: number;
}) {
  const short = wei === undefined || exact ? undefined : abbreviatedToken(wei, decimals);
  const text =
    wei === undefined
      ? "…"
      : exact
        ? formatTokenExact(wei, decimals)
        : (short ?? formatToken(wei, places ?? LIMITS.balanceDecimals, decimals));
  const full = short === undefined || wei === undefined ? undefined : `${formatTokenExact(wei, decimals)} ${unit}`;
  const amount = (
    <Text component="span" className={exact ? classes.exact : classes.value} title={full} {...props}>
      <span data-testid={testId}>{text}</span> {unit}
    </Text>
  );
  return full === undefined ? (
    amount
  ) : (
    <Tooltip
      label={full}
      multiline
      maw={320}
      style={WRAP_ANYWHERE}
      withArrow
      events={{ hover: true, focus: false, touch: true }}
    >
      {amount}
    </Tooltip>
  );
}

/** A USD figure as the API answers it ("1234.56", to the cent), shown like a token amount: "1,234.56 USD". */
export function UsdAmount({ usd, ...props }: TextProps & { usd: string | undefined; testId?: string }) {
  return (
    <Amount
      wei={usd === undefined ? undefined : BigInt(usd.replace(".", ""))}
      unit="USD"
      decimals={2}
      places={2}
      {...props}
    />
  );
}
