/** What an owner's password must be: longer than a shopper's, since it opens every order. */
export const OWNER_PASSWORD_LENGTH = { min: 12, max: 128 };

/** Why `password` will not do as an owner's (`called` names it in the sentence), or undefined when it will. */
export function ownerPasswordProblem(password: string, called = "The password"): string | undefined {
  if (password.length < OWNER_PASSWORD_LENGTH.min)
    return `${called} must be at least ${OWNER_PASSWORD_LENGTH.min} characters.`;
  if (password.length > OWNER_PASSWORD_LENGTH.max)
    return `${called} can be at most ${OWNER_PASSWORD_LENGTH.max} characters.`;
  return undefined;
}
