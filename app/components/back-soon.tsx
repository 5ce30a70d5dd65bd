/** What a page shows while the shop cannot reach its database (a 503): nothing is wrong with the shopper's request. */
export function BackSoon() {
  return (
    <section className="page page--narrow message-page">
      <title>Back in a moment · Wickshop</title>
      <meta name="robots" content="noindex" />
      <h1>We'll be right back</h1>
      <p className="message-page__text">
        The shop is catching its breath for a moment. Please try again in a few seconds; your cart is safe.
      </p>
    </section>
  );
}
