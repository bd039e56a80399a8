import { expect, test } from "vitest";
import { IMPORT_MESSAGES } from "./import-messages";

test("the too-many-rows message names the limit with its thousands separator", () => {
  expect(IMPORT_MESSAGES.importTooMany).toBe("An import holds at most 5,000 rows: split the file");
});
