/**
 * Where a relative ES import inside a package leads, and its module format, as Node's resolver answers it,
 * with each folder's package "type" read once (see package-type-cache.ts).
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

type PackageType = "module" | "commonjs" | "unknown";

const typeOfFolder = new Map<string, PackageType>();

/** The "type" of the package.json nearest to `folder`, as Node looks it up (never past a node_modules folder). */
function packageType(folder: string): PackageType {
  const known = typeOfFolder.get(folder);
  if (known) return known;
  let type: PackageType;
  const manifest = path.join(folder, "package.json");
  let text: string | undefined;
  try {
    text = readFileSync(manifest, "utf8");
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    const parent = path.dirname(folder);
    type = parent === folder || path.basename(parent) === "node_modules" ? "unknown" : packageType(parent);
  } else {
    try {
      const declared = (JSON.parse(text) as { type?: unknown }).type;
      type = declared === "module" ? "module" : declared === "commonjs" ? "commonjs" : "unknown";
    } catch {
      type = "unknown";
    }
  }
  typeOfFolder.set(folder, type);
  return type;
}

/**
 * The file and format of a relative ES import inside a package, or undefined when Node should decide. The file's real
 * path comes from the system in one call (`realpathSync.native`), not from an lstat of each folder on its way.
 */
export function resolvedInPackage(specifier: string, parentURL: string | undefined) {
  if (!parentURL?.startsWith("file://") || !parentURL.includes("/node_modules/")) return undefined;
  if (!/^\.\.?\//.test(specifier) || !/\.m?js$/.test(specifier) || /[?#%]/.test(specifier)) return undefined;
  const file = fileURLToPath(new URL(specifier, parentURL));
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const format = file.endsWith(".mjs") ? "module" : packageType(path.dirname(file));
  if (format === "unknown") return undefined;
  return { url: pathToFileURL(realpathSync.native(file)).href, format };
}
