/**
 * Whether an error says the database or Redis is out of reach for now (restarting, unreachable,
 * a connection cut) rather than anything about the request: such a request is answered
 * SERVICE_UNAVAILABLE (503, retryable) instead of a 500. Recognised by codes and the drivers'
 * own error names, never by SQL text.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // PostgreSQL: a connection exception (class 08), the server shutting down or starting up
    // (57P01-57P03), too many connections (53300).
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
    // The socket itself (either store).
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
      return true;
  }
  // ioredis: commands given up after the reconnect attempts, or sent on a closed connection.
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string') {
    // node-postgres: a connection that ended under a query or in the pool, or none to be had in time.
    if (/^Connection terminated\b/.test(message)) return true;
    if (message === 'Client has encountered a connection error and is not queryable') return true;
    if (message === 'timeout exceeded when trying to connect') return true;
    if (message === 'Connection is closed.' || message.startsWith("Stream isn't writeable")) return true;
  }
  return false;
}
