import type { ReactNode } from 'react';
import { CONTENT_READY_ATTRIBUTE } from '@sq/contracts/first-content';
import { Icon, type IconName } from './Icon';

/**
 * The layout shared by empty, coming-soon and error screens; the icon is one of the ui icons (never an emoji).
 * `settled`: the panel is the screen's final state (an error), so the shell may drop a server-rendered
 * first content standing in for it (@sq/contracts/first-content).
 */
export function StatePanel({
  icon,
  title,
  description,
  action,
  role,
  settled,
}: {
  icon?: IconName;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
  settled?: boolean;
}) {
  return (
    <section className="sq-state" role={role} {...(settled ? { [CONTENT_READY_ATTRIBUTE]: '' } : {})}>
      {icon ? (
        <div className="sq-state__icon">
          <Icon name={icon} size={40} />
        </div>
      ) : null}
      <h2 className="sq-state__title">{title}</h2>
      {description ? <p className="sq-state__desc">{description}</p> : null}
      {action}
    </section>
  );
}
