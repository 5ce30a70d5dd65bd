import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { getShopper } from "./.server/accounts/auth";
import { publishedPolicies, shopLogo, shopPages, shopSettings } from "./.server/settings/shop-settings";
import { Announcement, AnnouncementDismissedScript } from "./components/announcement";
import { BackSoon } from "./components/back-soon";
import { Footer } from "./components/footer";
import { NavBar } from "./components/nav-bar";
import { NavigationSpinner } from "./components/navigation-spinner";
import { NotFound } from "./components/not-found";
import { PAGE_ANNOUNCER_ID, usePageHeadingFocus } from "./lib/page-heading-focus";
import { NoticeArea } from "./notifications/notice-area";
import { PageStyle } from "./styles/page-style";
import { DEFAULT_ABOUT_TITLE } from "./lib/shop-pages";
import { keepDataOnVariantChoice } from "./lib/revalidate";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { config } = context;
  const [shopper, shop, pages, logo] = await Promise.all([
    getShopper(context.auth, request.headers),
    shopSettings(context.db, config),
    shopPages(context.db),
    shopLogo(context.db),
  ]);
  return {
    displayName: shopper?.displayName,
    isOwner: shopper?.isOwner ?? false,
    publicUrl: config.publicUrl,
    shop,
    logo,
    aboutTitle: pages.aboutTitle,
    policies: publishedPolicies(pages),
    year: new Date().getUTCFullYear(),
    // The built-in gateway takes no money: every page says so, not only the card step.
    testMode: context.payments.current.name === "test",
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export const shouldRevalidate = keepDataOnVariantChoice;

export const TEST_MODE_NOTICE = "Test mode — no real payments are taken";

/** A page that failed with a thrown response keeps its headers (a 503's Retry-After). */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  usePageHeadingFocus();
  return (
    // The head's script marks <html> when the shopper dismissed the announcement: React need not know.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b2a1e" />
        <Meta />
        <PageStyle />
        <AnnouncementDismissedScript text={root?.shop.announcement ?? ""} />
        {/* The owner's logo makes the icons; until she uploads one, the candle mark is the favicon. */}
        {root?.logo ? (
          <>
            <link rel="icon" href={root.logo.icon} type="image/webp" sizes="32x32" />
            <link rel="apple-touch-icon" href={root.logo.touchIcon} />
          </>
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {root?.testMode ? <p className="test-mode-banner">{TEST_MODE_NOTICE}</p> : null}
        <Announcement text={root?.shop.announcement ?? ""} link={root?.shop.announcementLink ?? ""} />
        <NavBar />
        <NoticeArea />
        <p id={PAGE_ANNOUNCER_ID} className="visually-hidden" aria-live="polite" aria-atomic="true" />
        <main id="main" tabIndex={-1}>
          <NavigationSpinner />
          {children}
        </main>
        <Footer
          shop={root?.shop}
          aboutTitle={root?.aboutTitle ?? DEFAULT_ABOUT_TITLE}
          policies={root?.policies ?? []}
          year={root?.year ?? new Date().getUTCFullYear()}
        />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503) return <BackSoon />;
  return (
    <section className="page page--narrow message-page">
      <title>Unexpected Application Error! · Wickshop</title>
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong on our side. Please try again in a moment.</p>
      {import.meta.env.DEV && error instanceof Error ? <pre className="stack">{error.stack}</pre> : null}
    </section>
  );
}
