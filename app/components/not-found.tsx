import { Link } from "react-router";

/** SPEC §2's not-found view; the word Home takes the shopper there. */
export function NotFound() {
  return (
    <section className="page page--narrow message-page">
      <title>Page not found · Wickshop</title>
      <meta name="robots" content="noindex" />
      <h1 className="visually-hidden">Page not found</h1>
      <p className="message-page__text">
        Oops! Looks like this page doesn't exist. Try heading back <Link to="/">Home</Link>!
      </p>
    </section>
  );
}
