import { useNavigation } from "react-router";

/** SPEC §2: a spinner shows while the next page's catalog data loads. */
export function NavigationSpinner() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div className="navigation-spinner" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
