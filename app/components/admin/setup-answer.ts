/**
 * What the shipping and tax screens' actions answer: a notice, or the
 * refusal of one form (`form` says which), each message beside its field,
 * with what was typed so the form shows it again.
 */
export interface SetupAnswer {
  notice?: string;
  /** `problems`: what a refusal lists under its field's message (the bad lines of an upload). */
  error?: { form: string; fields: Record<string, string>; values: Record<string, string>; problems?: string[] };
}

/** The refusals and typed values of one form of the screen, or none when the answer was about another. */
export function answerFor(answer: SetupAnswer | undefined, form: string) {
  const error = answer?.error?.form === form ? answer.error : undefined;
  return { errors: error?.fields ?? {}, values: error?.values ?? {}, problems: error?.problems ?? [] };
}
