import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

/** The layout shared by empty, coming-soon and error screens; the icon is one of the ui icons (never an emoji). */
export function StatePanel({ icon, title, description, action, role }: {
  icon?: IconName;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <section className="sq-state" role={role}>
      {icon ? <div className="sq-state__icon"><Icon name={icon} size={40} /></div> : null}
      <h2 className="sq-state__title">{title}</h2>
      {description ? <p className="sq-state__desc">{description}</p> : null}
      {action}
    </section>
  );
}
