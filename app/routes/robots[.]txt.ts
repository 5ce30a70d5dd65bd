import type { Route } from "./+types/robots[.]txt";

export function loader({ context }: Route.LoaderArgs) {
  const lines = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /checkout",
    "Disallow: /admin",
    `Sitemap: ${context.config.publicUrl}/sitemap.xml`,
  ];
  return new Response(lines.join("\n") + "\n", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
