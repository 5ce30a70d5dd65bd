import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import css from "./styles/app.css?inline";
import { PageStyleContext } from "./styles/page-style";
import { photoFirstStream } from "./.server/render/photo-first";

export const streamTimeout = 5_000;

/**
 * React Router's Node entry, plus the Content-Security-Policy nonce: every
 * inline script React Router writes (hydration data, scroll restoration)
 * and the page's style sheet carry the nonce the response's policy allows,
 * and no other script or style applies. A browsing page's photo is asked for
 * before its scripts (photo-first.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A HEAD answer carries the headers the GET would.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonce } = loadContext;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <PageStyleContext value={{ css, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </PageStyleContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = photoFirstStream(nonce);
        body.once("finish", () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell are logged by React Router; these happened while streaming.
        if (shellRendered) loadContext.logger.error(error, "Error while streaming a page");
      },
    });
  });
}
