import { randomBytes } from "node:crypto";

const NONCE_BYTES = 16;
/** Random bytes are drawn in bulk: a cached page makes a nonce for every response it answers. */
const POOL_BYTES = NONCE_BYTES * 1024;

let pool = randomBytes(POOL_BYTES);
let offset = 0;

/** A fresh Content-Security-Policy nonce: 16 bytes from the CSPRNG, never handed out twice, in base64. */
export function newNonce(): string {
  if (offset + NONCE_BYTES > POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
