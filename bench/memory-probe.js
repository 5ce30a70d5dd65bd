/**
 * Preloaded into the shop's process by the bench (`--import`): sends what
 * /proc cannot tell, the V8 heap in use and the memory V8 holds outside it
 * for buffers, to the bench over IPC each second. Plain JavaScript, so the
 * compiled server runs without a TypeScript loader under the bench too.
 */
const INTERVAL_MS = 1000;

if (process.send) {
  setInterval(() => {
    const { heapUsed, external, arrayBuffers } = process.memoryUsage();
    if (process.connected) process.send({ heapUsed, external, arrayBuffers }, undefined, {}, () => {});
  }, INTERVAL_MS).unref();
}
