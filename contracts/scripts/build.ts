import { compile, writeAbis } from "./compile.ts";

const files = writeAbis(compile());
console.log(`Contracts compiled; ABIs written:\n  ${files.join("\n  ")}`);
