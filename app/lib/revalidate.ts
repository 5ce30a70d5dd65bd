import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * For back-office pages whose actions refuse with 409 when the data moved
 * under the owner (a sale, another tab): React Router skips reloading after
 * a 4xx answer, so these pages reload after every answer and show things as
 * they now are next to the refusal.
 */
export const revalidateAfterEveryAnswer = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod ? true : defaultShouldRevalidate;
