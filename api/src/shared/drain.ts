/** At most this much of a refused request's body is read before answering (more is cut off by the server). */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads and discards what is left of a request's body. An early refusal (401 before an upload, 413 on
 * a declared size) is then delivered to the client as an answer, instead of a connection the server
 * closed under a client that is still sending.
 */
export async function drainUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    while (read <= DRAIN_LIMIT_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } catch {
    return;
  } finally {
    reader.releaseLock();
  }
}
