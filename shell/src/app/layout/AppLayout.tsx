import type { ReactNode } from 'react';
import type { RouteEntry, RouteLayout } from '@sq/contracts/registry';
import type { SiteSettings } from '@sq/contracts';
import { ChatButton } from './ChatButton';
import { Footer } from './Footer';
import { Header } from './Header';
import { RemoteOutlet } from './RemoteOutlet';
import styles from './layout.module.css';

/**
 * The four layouts of spec section 2 in one tree: default (header, footer, chat button), fullpage (header
 * only), fluid (header and footer, full-width content) and empty (content only). The remote outlet keeps
 * its position in every layout so a mounted remote survives a layout change.
 */
export function AppLayout({
  layout,
  route,
  site,
  siteName,
  children,
}: {
  layout: RouteLayout;
  route: RouteEntry | null;
  site: SiteSettings | undefined;
  siteName: string;
  children: ReactNode;
}) {
  const header = layout !== 'empty';
  const footer = layout === 'default' || layout === 'fluid';
  return (
    <div className={styles.app} data-layout={layout}>
      {header ? <Header route={route} siteName={siteName} /> : null}
      <main className={layout === 'fluid' || layout === 'empty' ? styles.mainFluid : styles.main}>
        {children}
        <RemoteOutlet />
      </main>
      {footer ? <Footer site={site} siteName={siteName} /> : null}
      {layout === 'default' ? <ChatButton url={site?.chatUrl} /> : null}
    </div>
  );
}
