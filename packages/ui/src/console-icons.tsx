import { IconFrame, type IconFrameProps } from './components/IconFrame';

/**
 * Icons only the operators' console uses, imported as `@sq/ui/console-icons`. They are kept out of the main
 * entry on purpose: `@sq/ui` is shared by the shell and loaded on every page, so every path in it weighs on
 * each route's first load (170 KB cap); this module lands in the console's lazy chunk instead.
 */
const CONSOLE_PATHS = {
  /** Add (a new cohort). */
  plus: 'M12 5v14M5 12h14',
  /** Locked (a member or team kept in place). */
  lock: 'M6.5 11h11a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 18.5v-6A1.5 1.5 0 0 1 6.5 11zM8 11V8a4 4 0 0 1 8 0v3',
  /** Unlocked. */
  unlock:
    'M6.5 11h11a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 18.5v-6A1.5 1.5 0 0 1 6.5 11zM8 11V8a4 4 0 0 1 7.7-1.5',
  /** Download (a file export). */
  download: 'M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14',
  /** Shuffle (run the matcher). */
  shuffle: 'M4 7h4l8 10h4M4 17h4l2.5-3.1M13.5 10.1 16 7h4M17.5 4.5 20 7l-2.5 2.5M17.5 14.5 20 17l-2.5 2.5',
  /** Done (a confirmed action). */
  check: 'M5 12.5 10 17.5 19 7',
} as const;

export type ConsoleIconName = keyof typeof CONSOLE_PATHS;
export const CONSOLE_ICON_NAMES = Object.keys(CONSOLE_PATHS) as ConsoleIconName[];

export function ConsoleIcon({ name, ...frame }: { name: ConsoleIconName } & IconFrameProps) {
  return <IconFrame name={name} d={CONSOLE_PATHS[name]} {...frame} />;
}
