import { ensureFreshBuild } from "../../scripts/ensure-build";

/** Integration tests start the real server, which serves the production build. */
export default function setup() {
  ensureFreshBuild();
}
