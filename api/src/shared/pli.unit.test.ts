import { describe, expect, it } from "vitest";
import { parsePliAmount, pliOfWei, pliText } from "./pli.ts";

describe("pliOfWei", () => {
  it("writes wei as PLI with every digit and no trailing zeros", () => {
    expect(pliOfWei("0")).toBe("0");
    expect(pliOfWei("1")).toBe("0.000000000000000001");
    expect(pliOfWei("10")).toBe("0.00000000000000001");
    expect(pliOfWei("100000000000000000")).toBe("0.1");
    expect(pliOfWei("999999999999999999")).toBe("0.999999999999999999");
    expect(pliOfWei("1000000000000000000")).toBe("1");
    expect(pliOfWei("1000000000000000001")).toBe("1.000000000000000001");
    expect(pliOfWei("1500000000000000000")).toBe("1.5");
    expect(pliOfWei("50000000000000000000000")).toBe("50000");
    expect(pliOfWei("1250500000000000000000")).toBe("1250.5");
    expect(pliOfWei("123456789012345678901234567890")).toBe("123456789012.34567890123456789");
  });

  it("keeps the full precision of the largest numeric(78, 0)", () => {
    const largest = "9".repeat(78);
    expect(pliOfWei(largest)).toBe(`${"9".repeat(60)}.${"9".repeat(18)}`);
    expect(pliOfWei(`1${"0".repeat(77)}`)).toBe(`1${"0".repeat(59)}`);
  });

  it("agrees with pliText on every length and on amounts with zeros inside", () => {
    let seed = 7;
    const digit = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 10;
    for (let length = 1; length <= 78; length++) {
      for (let n = 0; n < 20; n++) {
        let wei = String(1 + (digit() % 9));
        for (let i = 1; i < length; i++) wei += n % 3 === 0 && i > length / 2 ? "0" : String(digit());
        expect(pliOfWei(wei)).toBe(pliText(BigInt(wei)));
      }
    }
  });
});

describe("parsePliAmount (an amount field, such as Deposit PLI)", () => {
  it("reads whole PLI, decimals and thousands separators as wei", () => {
    expect(parsePliAmount("1000")).toBe(1000n * 10n ** 18n);
    expect(parsePliAmount(" 1,250.5 ")).toBe(1250n * 10n ** 18n + 5n * 10n ** 17n);
    expect(parsePliAmount("0.000000000000000001")).toBe(1n);
  });

  it("is no amount for text, signs, exponents or more than 18 decimals", () => {
    for (const text of ["", "abc", "-5", "1e3", "1.", ".5", "0.0000000000000000001"])
      expect(parsePliAmount(text)).toBeNull();
  });
});
