import { afterEach, vi } from "vitest";

// A console.error in a unit test means something went wrong that no assertion caught.
const consoleError = vi.spyOn(console, "error");

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((call) => call.join(" ")).join("\n")}`);
});
