import { authTexts } from "./auth-texts";
import { isPlainLine } from "./plain-text";
import { z } from "./zod";

/**
 * The /auth forms (SPEC §5). Each refusal carries the text the form shows;
 * the form's other inputs (intent, returnTo) are the action's, so unknown
 * keys are dropped rather than refused.
 */
const filled = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * An email as better-auth's own check takes it (zod's), after the field's other checks: a
 * malformed one gets the form's message here, not an error from better-auth.
 */
const emailAddress = (field: z.ZodType<string, unknown>, message: string) => field.pipe(z.email(message));

export const signInSchema = z.object({
  // Which part was wrong is not said: the same words as a wrong password.
  email: emailAddress(filled(authTexts.signInFailed), authTexts.signInFailed),
  password: z.string({ error: authTexts.signInFailed }).min(1, authTexts.signInFailed),
});

const plainLine = (max: number) =>
  filled(authTexts.missingFields).max(max, authTexts.badFields).refine(isPlainLine, authTexts.badFields);

export const signUpSchema = z
  .object({
    displayName: plainLine(100),
    email: emailAddress(plainLine(254), authTexts.badEmail),
    password: z.string({ error: authTexts.missingFields }).min(1, authTexts.missingFields),
    confirmPassword: z.string().default(""),
  })
  .refine((form) => form.password === form.confirmPassword, { message: authTexts.mismatch, path: ["confirmPassword"] });

export type SignIn = z.output<typeof signInSchema>;
export type SignUp = z.output<typeof signUpSchema>;
