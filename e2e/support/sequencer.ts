import { BaseSequencer, type TestSpecification } from "vitest/node";
import { runsAlone } from "./turns.ts";

/**
 * Vitest's order (longest or largest first), with the browser files that run alone moved to the front: they run one
 * after another while the second browser worker waits, then the other files fill both workers. A file that runs alone
 * after the shared ones would wait for every file running beside it to end.
 */
export class BrowserTurnsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [
      ...sorted.filter((file) => runsAlone(file.moduleId)),
      ...sorted.filter((file) => !runsAlone(file.moduleId)),
    ];
  }
}
