import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const MANUALS = readdirSync(path.join(ROOT, "docs"))
  .filter((file) => file.endsWith(".md"))
  .map((file) => `docs/${file}`);
const DOCUMENTS = ["README.md", ...MANUALS];

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The anchors GitHub gives a document's headings (outside code blocks): lower case, punctuation dropped, - for spaces. */
function anchorsOf(file: string): string[] {
  let inCode = false;
  const anchors: string[] = [];
  for (const line of read(file).split("\n")) {
    if (line.startsWith("```")) inCode = !inCode;
    const heading = inCode ? null : /^#+ (.+)$/.exec(line);
    if (heading)
      anchors.push(
        heading[1]!
          .toLowerCase()
          .replace(/[^\p{L}\p{N}_\- ]/gu, "")
          .replaceAll(" ", "-"),
      );
  }
  return anchors;
}

/** The relative links of a document, `[text](target)`, without web addresses. */
function linksOf(file: string): string[] {
  return [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/.test(target));
}

describe("the README and docs/", () => {
  it("link only to files and headings that exist", () => {
    const broken = DOCUMENTS.flatMap((file) =>
      linksOf(file)
        .filter((link) => {
          const [target, anchor] = link.split("#");
          const linked = target ? path.posix.join(path.posix.dirname(file), target) : file;
          if (!existsSync(path.join(ROOT, linked))) return true;
          return anchor !== undefined && linked.endsWith(".md") && !anchorsOf(linked).includes(anchor);
        })
        .map((link) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it("reach every manual from the README in one link", () => {
    const linked = linksOf("README.md").map((link) => link.split("#")[0]);
    expect(MANUALS.filter((manual) => !linked.includes(manual))).toEqual([]);
  });
});
