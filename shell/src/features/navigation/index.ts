export { useGnb, getGnb } from './api/get-gnb';
export { useSiteSettings, getSiteSettings } from './api/get-site-settings';
export { DesktopMenu } from './components/DesktopMenu';
import { lazy } from 'react';

/** The mobile drawer loads when it is first opened. */
export const DrawerMenu = lazy(() => import('./components/DrawerMenu'));
export { ShareButton } from './components/ShareButton';
export { MenuLink } from './components/MenuLink';
