import { describe, expect, it } from "vitest";
import { cronEveryMinutes } from "./cron.ts";

describe("cronEveryMinutes", () => {
  it("spaces runs evenly within the hour or the day", () => {
    expect(cronEveryMinutes(1)).toBe("*/1 * * * *");
    expect(cronEveryMinutes(15)).toBe("*/15 * * * *");
    expect(cronEveryMinutes(60)).toBe("0 */1 * * *");
    expect(cronEveryMinutes(360)).toBe("0 */6 * * *");
    expect(cronEveryMinutes(1440)).toBe("0 0 * * *");
  });

  it("refuses intervals that would drift or make no sense", () => {
    for (const minutes of [0, -5, 7, 45, 90, 300, 2880, 1.5])
      expect(cronEveryMinutes(minutes), String(minutes)).toBeNull();
  });
});
