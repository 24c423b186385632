import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/**
 * A console tab: a link marked `aria-current="page"` while its path is open (the path itself or, unless `end`,
 * a page under it; the query is not compared), as react-router's NavLink would. NavLink is not in the shared
 * router facade (packages/mf-config/src/browser/react-router-dom.mjs), which lists only what ships on every
 * page; the console, admin-only, does not add it there.
 */
export function ConsoleNavLink({
  to,
  end = false,
  className,
  children,
}: {
  to: string;
  end?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const path = to.split('?')[0]!.replace(/\/$/, '');
  const active = pathname === path || (!end && pathname.startsWith(`${path}/`));
  return (
    <Link to={to} className={className} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
