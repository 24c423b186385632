import { isApiError } from '@sq/api-client';
import { ErrorFallback } from '@sq/ui';
import { NotFoundPage } from './NotFoundPage';

/** True when the API said the thing does not exist (404) or the id is not one (400). */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/**
 * A failed load: the error page for a missing record, else the API client's Korean message (every failure
 * reaches a screen as an ApiError with one) with a retry; anything else keeps ErrorFallback's own text.
 */
export function LoadError({ error, onRetry, notFound }: { error: unknown; onRetry: () => void; notFound?: string }) {
  if (isMissing(error)) return <NotFoundPage description={notFound} />;
  return <ErrorFallback title={isApiError(error) ? error.message : undefined} onRetry={onRetry} />;
}
