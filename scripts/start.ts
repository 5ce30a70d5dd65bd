import { ensureFreshBuild } from "./ensure-build";

ensureFreshBuild();
const { main } = await import("../server");
await main();
