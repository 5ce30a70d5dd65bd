import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILED_SERVER, SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-command";

const deployFile = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../deploy", name), "utf8");
const setting = (file: string, key: string) => new RegExp(`^${key}=(.*)$`, "m").exec(file)?.[1];

describe("deploy/ (docs/running-a-shop.md, Putting it online)", () => {
  it.each(["wickshop.service", "wickshop@.service"])("%s runs the compiled server as npm start does", (name) => {
    const unit = deployFile(name);
    expect(setting(unit, "ExecStart")).toBe(`/usr/bin/node ${SERVER_NODE_FLAGS.join(" ")} ${COMPILED_SERVER}`);
    const environment = setting(unit, "Environment")!.split(" ");
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(environment).toContain(`${name}=${value}`);
  });

  it("has Caddy send the shop's requests to the socket systemd holds for it", () => {
    const listen = setting(deployFile("wickshop.socket"), "ListenStream");
    const [, upstreams] = /reverse_proxy \{\$SHOP_UPSTREAMS:(\S+)\}/.exec(deployFile("Caddyfile"))!;
    expect(listen).toBe(upstreams);
  });

  it("gives each of several processes its own port, and time to leave Caddy's turn before it stops", () => {
    expect(setting(deployFile("wickshop@.socket"), "ListenStream")).toBe("127.0.0.1:%i");
    const unit = deployFile("wickshop@.service");
    expect(setting(unit, "Requires")).toBe("wickshop@%i.socket");
    const delay = Number(/STOP_DELAY_SECONDS=(\d+)/.exec(setting(unit, "Environment")!)![1]);
    const interval = /health_interval (\d+)s/.exec(deployFile("Caddyfile"))![1];
    expect(delay).toBeGreaterThan(2 * Number(interval));
    expect(delay).toBeLessThan(Number(setting(unit, "TimeoutStopSec")));
  });
});
