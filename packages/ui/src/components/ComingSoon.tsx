import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { StatePanel } from './StatePanel';

/** Shown by every route that is declared in a manifest but not built yet: never a blank page. */
export function ComingSoon({ title }: { title?: string }) {
  return (
    <StatePanel
      role="status"
      icon="tools"
      title={MESSAGES.comingSoon}
      description={title ? `${title} 화면은 곧 열릴 예정이에요.` : '곧 열릴 예정이에요.'}
    />
  );
}
