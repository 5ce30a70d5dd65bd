import { expect } from "vitest";

/** The message of the error `run` throws, which must be an `errorClass`; fails when nothing is thrown. */
export function messageOf(run: () => unknown, errorClass: abstract new (...args: never[]) => Error): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(errorClass);
    return (error as Error).message;
  }
  throw new Error("nothing was thrown: the input was accepted");
}
