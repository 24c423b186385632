export { useGnb, getGnb } from './api/get-gnb';
export { useSiteSettings, getSiteSettings } from './api/get-site-settings';
export { DesktopMenu } from './components/DesktopMenu';
export { DrawerMenu } from './components/DrawerMenu';
export { ShareButton } from './components/ShareButton';
export { MenuLink } from './components/MenuLink';
