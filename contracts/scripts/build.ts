import { compile, writeAbis } from "./compile.ts";
import { writeSafeAbis } from "./safe-artifacts.ts";

const files = [...writeAbis(compile()), ...writeSafeAbis()];
console.log(`Contracts compiled; ABIs written:\n  ${files.join("\n  ")}`);
