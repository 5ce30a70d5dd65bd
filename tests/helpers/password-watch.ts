import { expect } from "vitest";
import { type Credentials, newCredentials } from "./accounts";
import { openShop, type Shop } from "./shop-api";

/**
 * Every password a test file types anywhere, and every server it typed them
 * at: the file's last test checks that none of them ever wrote one.
 */
export function watchTypedPasswords() {
  const passwords = new Set<string>();
  const servers: Shop["server"][] = [];
  return {
    credentials(displayName?: string): Credentials {
      const typed = newCredentials(displayName);
      passwords.add(typed.password);
      return typed;
    },
    typed(password: string) {
      passwords.add(password);
    },
    async openShop(...[catalog, env]: Parameters<typeof openShop>) {
      // Every request comes from 127.0.0.1: keep the per-address auth limit out of the way unless a test sets it.
      const shop = await openShop(catalog, { AUTH_ATTEMPTS_PER_IP: "100000", ...env });
      servers.push(shop.server);
      return shop;
    },
    expectNoneWritten() {
      for (const server of servers) {
        const output = server.output();
        for (const password of passwords) expect(output).not.toContain(password);
      }
    },
  };
}
