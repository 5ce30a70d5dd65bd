import { z } from "zod";

// In the browser zod would probe for eval with `new Function`, which the Content-Security-Policy
// refuses and reports; its interpreter is fast enough for a form. The server keeps the compiler.
if (typeof document !== "undefined") z.config({ jitless: true });

/** zod for schemas that also run in the browser: import it from here, not from "zod". */
export { z };

/**
 * A schema's issues as field errors, DESIGN.md's `fields`: the first message
 * for each dotted path ("shipping.zip"; "body" for the whole input). A form's
 * flat schema gives its input names.
 */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    fields[key] ??= issue.message;
  }
  return fields;
}
