/** `host:port` of a Redis URL, for messages and labels (the URL itself may carry a password). */
export function redisHostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '6379'}`;
  } catch {
    return 'the REDIS_URL host';
  }
}
