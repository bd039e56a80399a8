import type { LevelWithSilent } from "pino";
import { createLogger } from "../src/shared/logger.ts";

/** One parsed log line: pino's level number (30 info, 40 warn, 50 error), `msg` and the fields. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const ERROR_LEVEL = 50;

/**
 * A logger built as the server's is (same redaction), writing to memory instead of stdout: tests stay quiet and can
 * read every line.
 */
export function captureLogs(level: LevelWithSilent = "trace") {
  const raw: string[] = [];
  const log = createLogger({ level, destination: { write: (chunk: string) => void raw.push(chunk) } });
  const lines = () => raw.map((line) => JSON.parse(line) as LogLine);
  return {
    log,
    lines,
    /** Lines at error level or above: what an operator of the service would be alerted to. */
    errors: () => lines().filter((line) => line.level >= ERROR_LEVEL),
    /** Everything written, as it would reach stdout. */
    text: () => raw.join(""),
    clear: () => void raw.splice(0),
  };
}

export type CapturedLogs = ReturnType<typeof captureLogs>;

/** A logger that writes nothing, for code under test whose logs no test reads. */
export const silentLog = () => createLogger({ level: "silent" });
