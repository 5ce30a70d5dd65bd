import { ensureFreshBuild } from "../../scripts/ensure-build";

/** The workers' shops run the production build (`npm start`'s first step, as the integration tests do). */
export default function globalSetup() {
  ensureFreshBuild();
}
