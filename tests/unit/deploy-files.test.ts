import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILED_SERVER, SERVER_ENV, SERVER_NODE_FLAGS } from "../../scripts/server-command";

const deployFile = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../deploy", name), "utf8");
const setting = (file: string, key: string) => new RegExp(`^${key}=(.*)$`, "m").exec(file)?.[1];

describe("deploy/ (README, Put your shop online)", () => {
  it("runs the compiled server as npm start does", () => {
    const unit = deployFile("wickshop.service");
    expect(setting(unit, "ExecStart")).toBe(`/usr/bin/node ${SERVER_NODE_FLAGS.join(" ")} ${COMPILED_SERVER}`);
    const environment = setting(unit, "Environment")!.split(" ");
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(environment).toContain(`${name}=${value}`);
  });

  it("has Caddy send the shop's requests to the socket systemd holds for it", () => {
    const listen = setting(deployFile("wickshop.socket"), "ListenStream");
    const [, host, port] = /reverse_proxy (\S+):\{\$SHOP_PORT:(\d+)\}/.exec(deployFile("Caddyfile"))!;
    expect(listen).toBe(`${host}:${port}`);
  });
});
