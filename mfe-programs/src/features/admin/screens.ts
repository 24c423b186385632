import type { ComponentType } from 'react';
import { AdminConsole } from './components/AdminConsole';

/**
 * The screens of the console's own entry ('./admin', src/admin.tsx), by manifest path: the console is the
 * whole entry, and its pages are lazy chunks of their own (AdminConsole).
 */
export const ADMIN_SCREENS: Record<string, ComponentType> = {
  '/admin/*': AdminConsole,
};
