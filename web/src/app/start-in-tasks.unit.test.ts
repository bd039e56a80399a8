import { describe, expect, test } from "vitest";
import { startInTasks } from "./start-in-tasks";

/** A task queued now runs before any later step: the browser gets a turn (paint, input) between the steps. */
describe("startInTasks", () => {
  test("runs no step in the calling task and lets other tasks run between steps", async () => {
    const order: string[] = [];
    const queueOtherTask = (name: string) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        order.push(name);
      };
      channel.port2.postMessage(null);
    };
    const started = startInTasks([
      () => {
        order.push("create root");
        queueOtherTask("input after root");
      },
      () => {
        order.push("create router");
        queueOtherTask("input after router");
      },
      () => order.push("render"),
    ]);
    order.push("script evaluated");
    await started;
    expect(order).toEqual([
      "script evaluated",
      "create root",
      "input after root",
      "create router",
      "input after router",
      "render",
    ]);
  });
});
