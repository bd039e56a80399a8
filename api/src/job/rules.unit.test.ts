import { describe, expect, it } from "vitest";
import { NODE_STATUS, USER_ROLE } from "../public-contract/domain.ts";
import {
  addressLine,
  applyEdit,
  changedFields,
  checkDecimal,
  checkLines,
  checkWhole,
  crossFieldErrors,
  decideSubmit,
  isJobChange,
  JOB_CHANGE_EXEMPT_FIELDS,
  JOB_LIMITS,
  JOB_RULE_MESSAGES,
  jobIdLine,
  lineCount,
  lockedFieldErrors,
  nextJobChange,
  normaliseAddress,
  OPERATOR_EDITABLE_FIELDS,
  sourceLine,
  type JobField,
  type JobValues,
} from "./rules.ts";

const A = "0x00000000000000000000000000000000000000aa";
const B = "0x00000000000000000000000000000000000000bb";

const job: JobValues = {
  name: "ETH/USD",
  description: "A feed",
  oracleAddress: `${A}\n${B}`,
  jobID: "job-1\njob-2",
  cost: "0.1",
  jobSource: "https://a.example.com",
  jobProvider: "",
  jobCategoryID: "00000000-0000-4000-8000-000000000001",
  indexPair: "PLI/XDC",
  contractAddress: "",
  network: "XDC Apothem",
  polltimer: 60,
  minimumOracle: 1,
  eacAddress: "",
  accessAddress: "",
  deviation: "0.5",
};

/** A different value of the same type for each field. */
const OTHER: JobValues = {
  name: "BTC/USD",
  description: "Another feed",
  oracleAddress: A,
  jobID: "job-3",
  cost: "2",
  jobSource: "http://b.example.com",
  jobProvider: "CoinGecko",
  jobCategoryID: "00000000-0000-4000-8000-000000000002",
  indexPair: "XDC/USDT",
  contractAddress: B,
  network: "Polygon Amoy",
  polltimer: 120,
  minimumOracle: 2,
  eacAddress: A,
  accessAddress: B,
  deviation: "1",
};
const FIELDS = Object.keys(job) as JobField[];

describe("addresses", () => {
  it("xdc… becomes 0x…, in lowercase; anything else is refused", () => {
    expect(normaliseAddress(`xdc${A.slice(2).toUpperCase()}`)).toBe(A);
    expect(normaliseAddress(`XDC${A.slice(2)}`)).toBe(A);
    expect(normaliseAddress(A.toUpperCase().replace("0X", "0x"))).toBe(A);
    for (const bad of ["0x1234", "xdc", "hello", `${A}0`, `0y${A.slice(2)}`])
      expect(normaliseAddress(bad), bad).toBeNull();
  });
});

describe("multi-line fields", () => {
  it("one value per line, each trimmed and checked, blank lines around the text dropped", () => {
    expect(checkLines(`  ${A}  \n xdc${B.slice(2)}\n\n`, addressLine)).toEqual({ value: [A, B] });
  });

  it("names the first wrong line by its number", () => {
    expect(checkLines(`${A}\n0x1234\nnope`, addressLine)).toEqual({ error: "Line 2: not an address (0x… or xdc…)" });
    expect(checkLines(`${A}\n\n${B}`, addressLine)).toEqual({ error: "Line 2: empty, one value per line" });
    expect(checkLines("https://a.example.com\nftp://b.example.com", sourceLine)).toEqual({
      error: "Line 2: not an http:// or https:// URL",
    });
    expect(checkLines("https://a.example.com\nnot a url", sourceLine)).toEqual({
      error: "Line 2: not an http:// or https:// URL",
    });
    expect(checkLines(`job\n${"x".repeat(JOB_LIMITS.maxJobIdLength + 1)}`, jobIdLine)).toEqual({
      error: `Line 2: a job ID has at most ${JOB_LIMITS.maxJobIdLength} characters`,
    });
  });

  it("refuses a repeated value where values must be unique, and too many lines", () => {
    expect(checkLines(`${A}\n${B}\nxdc${A.slice(2)}`, addressLine, { unique: true })).toEqual({
      error: "Line 3: repeats line 1",
    });
    expect(checkLines("a\na", jobIdLine)).toEqual({ value: ["a", "a"] });
    const many = Array.from({ length: JOB_LIMITS.maxLines + 1 }, (_, i) => `job-${i}`).join("\n");
    expect(checkLines(many, jobIdLine)).toEqual({ error: `At most ${JOB_LIMITS.maxLines} lines, one value per line` });
  });

  it("counts stored values", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount(A)).toBe(1);
    expect(lineCount(`${A}\n${B}`)).toBe(2);
  });
});

describe("numbers", () => {
  const costRule = { label: "Cost", max: JOB_LIMITS.costMax, decimals: JOB_LIMITS.costDecimals };
  it("decimals above 0 up to the maximum, in one spelling", () => {
    expect(checkDecimal("0010.500", costRule)).toEqual({ value: "10.5" });
    expect(checkDecimal(0.25, costRule)).toEqual({ value: "0.25" });
    expect(checkDecimal(1e-7, costRule)).toEqual({ value: "0.0000001" });
    expect(checkDecimal("1000000", costRule)).toEqual({ value: "1000000" });
    expect(checkDecimal("0.000000000000000001", costRule)).toEqual({ value: "0.000000000000000001" });
    expect(checkDecimal("0", costRule)).toEqual({ error: "Cost must be greater than 0" });
    expect(checkDecimal("1000000.1", costRule)).toEqual({ error: "Cost must be at most 1,000,000" });
    expect(checkDecimal("0.0000000000000000001", costRule)).toEqual({ error: "Cost has at most 18 decimals" });
    for (const bad of ["-1", "1e3", "abc", "", " ", "1.", ".5", Number.NaN, Number.POSITIVE_INFINITY])
      expect(checkDecimal(bad, costRule), String(bad)).toEqual({ error: "Cost must be a number" });
  });

  it("whole numbers within their range", () => {
    const rule = { label: "Poll timer", min: JOB_LIMITS.polltimerMin, max: JOB_LIMITS.polltimerMax };
    expect(checkWhole(" 60 ", rule)).toEqual({ value: 60 });
    expect(checkWhole(86_400, rule)).toEqual({ value: 86_400 });
    expect(checkWhole(9, rule)).toEqual({ error: "Poll timer must be from 10 to 86,400" });
    expect(checkWhole(86_401, rule)).toEqual({ error: "Poll timer must be from 10 to 86,400" });
    for (const bad of [1.5, "1.5", "ten", "", "-10"])
      expect(checkWhole(bad, rule), String(bad)).toEqual({ error: "Poll timer must be a whole number" });
  });

  it("the minimum number of oracles cannot exceed the oracle addresses given", () => {
    expect(crossFieldErrors({ oracleAddress: `${A}\n${B}`, minimumOracle: 2 })).toEqual({});
    expect(crossFieldErrors({ oracleAddress: `${A}\n${B}`, minimumOracle: null })).toEqual({});
    expect(crossFieldErrors({ oracleAddress: A, minimumOracle: 2 })).toEqual({
      minimumOracle: "Minimum oracle cannot exceed the number of oracle addresses (1)",
    });
  });
});

describe("who may submit a job on which node", () => {
  const active = { status: NODE_STATUS.active };
  it("only a Validator, on their own Active node", () => {
    expect(decideSubmit(USER_ROLE.validator, active)).toEqual({ allowed: true });
    for (const role of [USER_ROLE.standby, null, "", "validator"]) {
      expect(decideSubmit(role, active), String(role)).toEqual({
        allowed: false,
        code: "forbidden",
        reason: JOB_RULE_MESSAGES.onlyValidator,
      });
    }
    expect(decideSubmit(USER_ROLE.validator, undefined)).toEqual({
      allowed: false,
      code: "notFound",
      reason: JOB_RULE_MESSAGES.jobNodeNotFound,
    });
    for (const status of Object.values(NODE_STATUS).filter((status) => status !== NODE_STATUS.active)) {
      expect(decideSubmit(USER_ROLE.validator, { status }), status).toEqual({
        allowed: false,
        code: "conflict",
        reason: JOB_RULE_MESSAGES.nodeNotActive,
      });
    }
  });

  it("the role is refused before the node is looked at", () => {
    expect(decideSubmit(USER_ROLE.standby, undefined)).toMatchObject({ code: "forbidden" });
  });
});

describe("edits and jobChange", () => {
  it("an edit replaces the fields sent and keeps the others", () => {
    expect(applyEdit(job, { polltimer: 90, name: undefined })).toEqual({ ...job, polltimer: 90 });
    expect(applyEdit(job, { deviation: null, eacAddress: "" })).toEqual({ ...job, deviation: null, eacAddress: "" });
  });

  it("a change of any field other than name or description is a job change", () => {
    for (const field of FIELDS) {
      const changed = changedFields(job, { ...job, [field]: OTHER[field] });
      expect(changed, field).toEqual([field]);
      expect(isJobChange(changed), field).toBe(!(JOB_CHANGE_EXEMPT_FIELDS as readonly string[]).includes(field));
    }
    expect(isJobChange(changedFields(job, { ...job }))).toBe(false);
    expect(isJobChange(["name", "description"])).toBe(false);
    expect(isJobChange(["name", "cost"])).toBe(true);
  });

  it("once true, jobChange stays true", () => {
    expect(nextJobChange(false, [])).toBe(false);
    expect(nextJobChange(false, ["name"])).toBe(false);
    expect(nextJobChange(false, ["polltimer"])).toBe(true);
    expect(nextJobChange(true, ["name"])).toBe(true);
    expect(nextJobChange(true, [])).toBe(true);
  });

  it("an operator changes only poll timer, minimum oracle, EAC address, access address and deviation", () => {
    expect([...OPERATOR_EDITABLE_FIELDS].sort()).toEqual([
      "accessAddress",
      "deviation",
      "eacAddress",
      "minimumOracle",
      "polltimer",
    ]);
    expect(lockedFieldErrors([...OPERATOR_EDITABLE_FIELDS])).toEqual({});
    const locked = FIELDS.filter((field) => !(OPERATOR_EDITABLE_FIELDS as readonly string[]).includes(field));
    expect(Object.keys(lockedFieldErrors([...locked, "status", "adminNotes", "jobStatus"])).sort()).toEqual(
      [...locked, "status", "adminNotes", "jobStatus"].sort(),
    );
    expect(lockedFieldErrors(["cost", "polltimer"])).toEqual({ cost: JOB_RULE_MESSAGES.adminOnlyField });
  });
});
