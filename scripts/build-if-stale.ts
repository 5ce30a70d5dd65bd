import { ensureFreshBuild } from "./ensure-build";

/** `npm start`'s first step: builds the shop if needed. npm then runs `node build/server.js` in its place. */
ensureFreshBuild();
