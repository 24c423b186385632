import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { Button } from './Button';
import { StatePanel } from './StatePanel';

/** What a screen shows when it cannot be loaded or throws; the retry really runs the load again. */
export function ErrorFallback({
  title = MESSAGES.remoteLoadFailed,
  description,
  onRetry,
}: {
  title?: string;
  description?: string;
  onRetry?: () => void;
}) {
  return (
    <StatePanel
      role="alert"
      settled
      icon="warning"
      title={title}
      description={description}
      action={onRetry ? <Button onClick={onRetry}>{MESSAGES.retry}</Button> : undefined}
    />
  );
}
