/**
 * Preloaded into the shop's process by the bench (`--import`): sends the V8
 * heap in use to the bench over IPC each second, which /proc cannot tell.
 */
const INTERVAL_MS = 1000;

if (process.send) {
  setInterval(() => {
    if (process.connected) process.send!({ heapUsed: process.memoryUsage().heapUsed }, undefined, {}, () => {});
  }, INTERVAL_MS).unref();
}
