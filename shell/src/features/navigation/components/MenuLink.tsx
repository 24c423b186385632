import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Internal paths go through the router (single-spa sees the change); anything else opens a new tab. */
export function MenuLink({ url, className, children, onNavigate }: { url: string; className?: string; children: ReactNode; onNavigate?: () => void }) {
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link to={url} className={className} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} className={className} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
      {children}
    </a>
  );
}
