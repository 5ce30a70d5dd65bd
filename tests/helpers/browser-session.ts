/** One cookie as a Set-Cookie header sets it: name, value and its attributes (names lowercased). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...rest] = header.split(";");
  const equals = pair.indexOf("=");
  const attributes: SetCookie["attributes"] = {};
  for (const part of rest) {
    const [key = "", ...value] = part.split("=");
    if (key.trim()) attributes[key.trim().toLowerCase()] = value.length > 0 ? value.join("=").trim() : true;
  }
  return { name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim(), attributes };
}

/** Whether a Set-Cookie header tells the browser to forget the cookie. */
function removes(cookie: SetCookie): boolean {
  const { "max-age": maxAge, expires } = cookie.attributes;
  if (cookie.value === "") return true;
  if (typeof maxAge === "string") return Number(maxAge) <= 0;
  return typeof expires === "string" && Date.parse(expires) <= Date.now();
}

/** What a page or an action answered, as a browser would see it before following a redirect. */
export interface PageResponse {
  status: number;
  headers: Headers;
  /** The redirect target, or null when the answer is not a redirect. */
  location: string | null;
  setCookies: SetCookie[];
  html: string;
}

/**
 * A browser in miniature against one server: keeps the cookies the server
 * sets and sends them back, never follows redirects on its own, and posts
 * forms the way a form without JavaScript does.
 */
export class BrowserSession {
  private readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The cookie's value as the browser holds it now. */
  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /**
   * A second browser holding the same cookies, e.g. a copy kept from before
   * signing out; given `baseUrl`, the same browser reaching another server
   * process of the shop (as a load balancer would send it there).
   */
  clone(baseUrl = this.baseUrl): BrowserSession {
    const copy = new BrowserSession(baseUrl);
    for (const [name, value] of this.jar) copy.jar.set(name, value);
    return copy;
  }

  async send(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string | FormData } = {},
  ): Promise<PageResponse> {
    const headers = new Headers(init.headers);
    const cookies = this.cookieHeader();
    if (cookies) headers.set("Cookie", cookies);
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: "manual" });
    const setCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of setCookies) {
      if (removes(cookie)) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return {
      status: response.status,
      headers: response.headers,
      location: response.headers.get("location"),
      setCookies,
      html: await response.text(),
    };
  }

  get(path: string): Promise<PageResponse> {
    return this.send(path);
  }

  /** Submits a form (urlencoded, as a browser without JavaScript does) to a route action. */
  postForm(path: string, fields: Record<string, string>): Promise<PageResponse> {
    return this.send(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Submits a form with files (multipart, as a browser does for a file input). */
  postMultipart(path: string, form: FormData): Promise<PageResponse> {
    return this.send(path, { method: "POST", body: form });
  }

  /** Posts JSON to an API route with this browser's cookies, as the shop's own scripts do. */
  async postJson<Body>(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Body }> {
    const response = await this.send(path, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: JSON.parse(response.html) as Body };
  }
}
