import { BaseSequencer, type TestSpecification } from "vitest/node";
import { runsAlone } from "./turns.ts";

/** The project of the files that start stacks of their own, which run in the browser lane (scripts/test.ts). */
const OWN_STACK_PROJECT = "smoke";

/**
 * Vitest's order (longest or largest first), with the browser files that run alone moved to the front, each followed
 * by a file that starts its own stack: while one worker runs a file alone, the other, which may not touch the shared
 * stack, runs one that needs nothing of it. The other browser files then fill both workers. A file that runs alone
 * after the shared ones would wait for every file running beside it to end.
 */
export class BrowserTurnsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const alone = sorted.filter((file) => runsAlone(file.moduleId));
    const ownStack = sorted.filter((file) => file.project.name === OWN_STACK_PROJECT);
    const rest = sorted.filter((file) => !alone.includes(file) && !ownStack.includes(file));
    const paired = Array.from({ length: Math.max(alone.length, ownStack.length) }, (_, index) =>
      [alone[index], ownStack[index]].filter((file) => file !== undefined),
    ).flat();
    return [...paired, ...rest];
  }
}
