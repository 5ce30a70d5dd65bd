import { z } from "zod";

// In the browser zod would probe for eval with `new Function`, which the Content-Security-Policy
// refuses and reports; its interpreter is fast enough for a form. The server keeps the compiler.
if (typeof document !== "undefined") z.config({ jitless: true });

/** zod for schemas that also run in the browser: import it from here, not from "zod". */
export { z };
