import { IconFrame, type IconFrameProps } from './IconFrame';

/**
 * The site's icons, in one module: inline SVG line icons on a 24×24 grid drawn with `currentColor`, so they
 * render the same on every machine (an emoji needs an emoji font; without one it shows as an empty box) and
 * take the text colour around them. Decorative by default (aria-hidden); pass `title` when the icon alone
 * carries meaning.
 */
const PATHS = {
  /** "준비 중": a wrench. */
  tools:
    'M14.7 6.3a4 4 0 0 0-5.4 5.1L3.6 17.1a1.4 1.4 0 0 0 0 2l1.3 1.3a1.4 1.4 0 0 0 2 0l5.7-5.7a4 4 0 0 0 5.1-5.4l-2.6 2.6-2.4-.6-.6-2.4z',
  /** Something went wrong. */
  warning: 'M12 3.5 2.5 20h19zM12 10v4.5M12 17.2v.1',
  /** Nothing to show (empty list, no recruit info). */
  inbox:
    'M4 13.5 6.3 5.6A1.5 1.5 0 0 1 7.7 4.5h8.6a1.5 1.5 0 0 1 1.4 1.1l2.3 7.9V18a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18zM4 13.5h4.5l1 2h5l1-2H20',
  /** A page that is not there. */
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM15.5 8.5l-2 5-5 2 2-5z',
  /** Not found by search. */
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5 20 20',
  /** A career card. */
  card: 'M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5zM8.5 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5.5 16c.5-1.7 1.6-2.5 3-2.5s2.5.8 3 2.5M14 9.5h4M14 13h4',
  /** A history (clipboard with lines). */
  history:
    'M8 4h8M9 2.5h6a1 1 0 0 1 1 1V5a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V3.5a1 1 0 0 1 1-1zM6 4H5a1 1 0 0 0-1 1v15a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1h-1M8 11h8M8 15h5',
  /** A person (my info, profile placeholder). */
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c.8-3.6 4-6 8-6s7.2 2.4 8 6',
  /** Celebration (sign-up done). */
  party:
    'M4 20.5 8.5 8l7.5 7.5zM8.5 8l7.5 7.5M13 4.5c.3 1.4-.2 2.3-1.3 3M19.5 11c-1.4-.3-2.3.2-3 1.3M16 3.5v1.5M20.5 8H19M18.5 5.5l-1 1',
  /** Menu (three lines). */
  menu: 'M4 6.5h16M4 12h16M4 17.5h16',
  /** Chat bubble. */
  chat: 'M12 4c-4.7 0-8.5 3-8.5 6.8 0 2.2 1.2 4 3.1 5.3L6 19.8l3.7-2c.7.2 1.5.2 2.3.2 4.7 0 8.5-3 8.5-6.9S16.7 4 12 4z',
  /** Done (a check mark). */
  check: 'M4.5 12.5 9.5 17.5 19.5 6.5',
  /** Share (three connected dots). */
  share:
    'M18 8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM6 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18 20.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM8.2 10.8l7.6-3.6M8.2 13.2l7.6 3.6',
} as const;

export type IconName = keyof typeof PATHS;
export const ICON_NAMES = Object.keys(PATHS) as IconName[];

export function Icon({ name, ...frame }: { name: IconName } & IconFrameProps) {
  return <IconFrame name={name} d={PATHS[name]} {...frame} />;
}
