import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { sitePath } from '@sq/contracts/site-path';

/**
 * Internal paths go through the router (single-spa sees the change); https links open a new tab. A path that
 * would leave the site once parsed (`/\evil.example`), or any other scheme, is shown as text, never a link.
 */
export function MenuLink({
  url,
  className,
  children,
  onNavigate,
}: {
  url: string;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
}) {
  if (url.startsWith('/')) {
    const path = sitePath(url);
    if (!path) return <span className={className}>{children}</span>;
    return (
      <Link to={path} className={className} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  if (!/^https:\/\/[^\s\\]+$/.test(url)) return <span className={className}>{children}</span>;
  return (
    <a href={url} className={className} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
      {children}
    </a>
  );
}
