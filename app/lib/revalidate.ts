import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * For back-office pages whose actions refuse with 409 when the data moved
 * under the owner (a sale, another tab): React Router skips reloading after
 * a 4xx answer, so these pages reload after every answer and show things as
 * they now are next to the refusal.
 */
export const revalidateAfterEveryAnswer = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod ? true : defaultShouldRevalidate;

const withoutVariant = (url: URL) => {
  const params = new URLSearchParams(url.search);
  params.delete("variant");
  return `${url.pathname}?${params}`;
};

/**
 * A choice on a product page changes only `?variant=` (DESIGN.md, "Sizes and
 * scents"): the page already holds every variant, so nothing is loaded again.
 */
export const keepDataOnVariantChoice = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) =>
  !formMethod && currentUrl.search !== nextUrl.search && withoutVariant(currentUrl) === withoutVariant(nextUrl)
    ? false
    : defaultShouldRevalidate;
