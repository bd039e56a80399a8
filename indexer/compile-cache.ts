/**
 * Preloaded into Ponder's process (`node --import`, see scripts/lib/indexer.ts). Each start loads about
 * 3,000 modules of Ponder and its dependencies; Node's compile cache keeps V8's compiled code of them on
 * disk (the system's temporary directory), so later starts skip compiling them again. A start where the
 * directory cannot be written to compiles as before.
 */
import { enableCompileCache } from "node:module";

enableCompileCache();
