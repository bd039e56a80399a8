import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * How long a file of each kind takes, heaviest first: a smoke file or a browser file with a stack of its own starts
 * whole stacks, an indexer or contracts file and an API chain file start anvil (and Ponder), a database file its own
 * database, a unit file nothing.
 */
function weight(file: TestSpecification): number {
  const { name } = file.project;
  if (name === "smoke" || name === "e2e-own-stack") return 0;
  if (name === "indexer" || name === "contracts") return 1;
  if (file.moduleId.endsWith(".chain.test.ts")) return 2;
  if (file.moduleId.endsWith(".db.test.ts")) return 3;
  return 4;
}

/**
 * Vitest's order (longest first by the last run's timings, else largest first) within each kind, the heaviest kinds
 * first: the two workers start on the long files and end on short ones, instead of one worker running the long ones
 * at the end while the other has nothing left.
 */
export class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((file, index) => ({ file, index, weight: weight(file) }))
      .sort((a, b) => a.weight - b.weight || a.index - b.index)
      .map(({ file }) => file);
  }
}
