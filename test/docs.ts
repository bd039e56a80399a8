import { readFileSync } from "node:fs";
import path from "node:path";

const DOCS = path.resolve(import.meta.dirname, "../docs");

/** A manual of docs/ as written, e.g. `readDoc("analysts.md")`. */
export function readDoc(file: string): string {
  return readFileSync(path.join(DOCS, file), "utf8");
}

/**
 * The body rows of the first table in a manual's section, each as its trimmed cells. `heading` is the start of the
 * section's heading line (`## Configuration`); the section ends at the next heading of its level or above, outside
 * code blocks.
 */
export function docTable(file: string, heading: string): string[][] {
  const lines = readDoc(file).split("\n");
  const start = lines.findIndex((line) => line.startsWith(heading));
  if (start === -1) throw new Error(`docs/${file} has no heading "${heading}"`);
  const level = heading.indexOf(" ");
  let inCode = false;
  const section: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("```")) inCode = !inCode;
    if (!inCode && /^#+ /.test(line) && line.indexOf(" ") <= level) break;
    section.push(line);
  }
  const first = section.findIndex((line) => line.startsWith("|"));
  const end = section.findIndex((line, index) => index > first && !line.startsWith("|"));
  if (first === -1) throw new Error(`docs/${file}, "${heading}": no table`);
  return section.slice(first + 2, end === -1 ? undefined : end).map((row) =>
    row
      .slice(1, row.endsWith("|") ? -1 : undefined)
      .split("|")
      .map((cell) => cell.trim()),
  );
}

/**
 * The names a table cell writes in backquotes outside its asides in parentheses (`sender` (the transaction's `from`)
 * names `sender`), those whose whole text matches `pattern`.
 */
export function quotedNames(cell: string, pattern: RegExp): string[] {
  let text = cell;
  while (/\([^()]*\)/.test(text)) text = text.replace(/\([^()]*\)/g, "");
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!).filter((name) => pattern.test(name));
}
