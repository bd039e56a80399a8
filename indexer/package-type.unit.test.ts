import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { resolvedInPackage } from "./package-type.ts";

const root = mkdtempSync(path.join(tmpdir(), "pli-package-type-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text = "export {};\n") {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
const url = (file: string) => pathToFileURL(path.join(root, file)).href;

write("node_modules/esm/package.json", JSON.stringify({ name: "esm", type: "module", exports: { ".": "./a.js" } }));
write("node_modules/esm/a.js");
write("node_modules/esm/sub/b.js");
write("node_modules/esm/cjs/package.json", JSON.stringify({ type: "commonjs" }));
write("node_modules/esm/cjs/c.js", "module.exports = {};\n");
write("node_modules/untyped/package.json", JSON.stringify({ name: "untyped" }));
write("node_modules/untyped/a.js");
write("node_modules/untyped/b.mjs");
write("node_modules/broken/package.json", "{ not json");
write("node_modules/broken/a.js");
write("src/app.js");
write("src/b.js");
symlinkSync(path.join(root, "node_modules/esm/a.js"), path.join(root, "node_modules/esm/link.js"));

describe("a relative import inside a package, resolved with each folder's package type read once", () => {
  it("answers the file and the format Node would: the nearest package.json's type, .mjs always a module", () => {
    expect(resolvedInPackage("./sub/b.js", url("node_modules/esm/a.js"))).toEqual({
      url: url("node_modules/esm/sub/b.js"),
      format: "module",
    });
    expect(resolvedInPackage("../a.js", url("node_modules/esm/sub/b.js"))?.format).toBe("module");
    expect(resolvedInPackage("./cjs/c.js", url("node_modules/esm/a.js"))?.format).toBe("commonjs");
    expect(resolvedInPackage("./b.mjs", url("node_modules/untyped/a.js"))?.format).toBe("module");
  });

  it("answers a symbolic link with the file it points to, as Node's resolver does", () => {
    expect(resolvedInPackage("./link.js", url("node_modules/esm/sub/../a.js"))?.url).toBe(url("node_modules/esm/a.js"));
  });

  it("leaves to Node what it cannot answer the same way", () => {
    const from = url("node_modules/esm/a.js");
    for (const specifier of ["esm", "./sub/b", "./missing.js", "./sub", "./a.js?v=1", "/abs.js", "./cjs/c.cjs"])
      expect(resolvedInPackage(specifier, from), specifier).toBeUndefined();
    expect(resolvedInPackage("./a.js", url("node_modules/untyped/b.mjs")), "no type: Node detects").toBeUndefined();
    expect(resolvedInPackage("./a.js", url("node_modules/broken/a.js")), "unreadable package.json").toBeUndefined();
    expect(resolvedInPackage("./b.js", url("src/app.js")), "outside node_modules").toBeUndefined();
    expect(resolvedInPackage("./sub/b.js", undefined)).toBeUndefined();
  });
});
