/** What the shop's API answers, as the checkout panel needs it. */
export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export const unreachable: ApiError = {
  code: "network",
  message: "We could not reach the shop. Please check your connection and try again.",
};

/** GET (no body) or POST JSON; undefined when the shop could not be reached or did not answer JSON. */
export async function requestJson(
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: Record<string, unknown> } | undefined> {
  try {
    const response = await fetch(
      url,
      body === undefined
        ? { headers }
        : { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) },
    );
    return { status: response.status, data: (await response.json()) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}
