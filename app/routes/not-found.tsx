import { data } from "react-router";

/** Every path no other route claims answers 404; the root error boundary shows the view. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
