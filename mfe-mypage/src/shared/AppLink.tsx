import type { ReactNode } from 'react';
import { navigateToUrl } from 'single-spa';

/**
 * A link to a page owned by another bundle (e.g. a career card): a real href for new tabs and crawlers,
 * and single-spa's navigateToUrl on click so the shell activates the right remote without a reload.
 */
export function AppLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <a href={to} className={className} onClick={navigateToUrl}>
      {children}
    </a>
  );
}
