import type { ReactNode } from 'react';
import { navigateToUrl } from 'single-spa';

/**
 * A link to a page owned by another bundle (e.g. a career card from the home page): a real href for new
 * tabs and crawlers, and single-spa's navigateToUrl on click so the shell activates the right remote
 * without a page load. Links inside a remote's own routes may use react-router's Link instead.
 */
export function AppLink({
  to,
  className,
  children,
  hidden,
  onClick,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  /** Kept in the page but out of the accessibility tree and tab order (e.g. a carousel's other slides). */
  hidden?: boolean;
  onClick?: () => void;
}) {
  return (
    <a
      href={to}
      className={className}
      aria-hidden={hidden || undefined}
      tabIndex={hidden ? -1 : undefined}
      onClick={(event) => {
        onClick?.();
        navigateToUrl(event);
      }}
    >
      {children}
    </a>
  );
}
