import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { toast } from "../ui/toast";
import { HttpError } from "./http";
import { settle } from "./settle";

const failing = (error: unknown) => ({ mutateAsync: () => Promise.reject(error) });
const succeeding = <T>(data: T) => ({ mutateAsync: () => Promise.resolve(data) });

/** The toast object's own method is replaced, not its module: test files share loaded modules (`isolate: false`). */
beforeEach(() => {
  vi.spyOn(toast, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("settle", () => {
  test("a refused call shows the server's message in an error toast when the screen says nothing else", async () => {
    await settle(failing(new HttpError(409, "Node Already Exist")), undefined, { onSuccess: () => undefined });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Node Already Exist");
  });

  test("a call that never got an answer shows 'Error Occured Try Again'", async () => {
    await settle(failing(new TypeError("Failed to fetch")), undefined);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Error Occured Try Again");
  });

  test("a screen that shows the failure itself replaces the toast", async () => {
    const shown: Error[] = [];
    const refusal = new HttpError(422, "Check all the fields", { name: "Name is required" });
    await settle(failing(refusal), undefined, { onError: (error) => shown.push(error) });
    expect(shown).toEqual([refusal]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  test("'silent' shows nothing (the form shows the mutation's error)", async () => {
    await settle(failing(new HttpError(400, "Invalid code")), undefined, { onError: "silent" });
    expect(toast.error).not.toHaveBeenCalled();
  });

  test("a success goes to onSuccess and shows no error", async () => {
    const onSuccess = vi.fn();
    await settle(succeeding({ message: "Node Added Successfully" }), undefined, { onSuccess });
    expect(onSuccess).toHaveBeenCalledWith({ message: "Node Added Successfully" });
    expect(toast.error).not.toHaveBeenCalled();
  });
});
