/** SPEC §5 and §8 texts of the checkout, word for word. */
export const checkoutTexts = {
  emptyCart: "Your cart is empty!",
  notEnoughStock: "Looks like something in your cart doesn't have enough stock! Click OK to refresh the page.",
  paymentSuccessful: (name: string) => `Payment Successful! Thank you ${name}!`,
};
