import type { ReactNode } from 'react';

/** The layout shared by empty, coming-soon and error screens. */
export function StatePanel({ icon, title, description, action, role }: {
  icon?: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <section className="sq-state" role={role}>
      {icon ? <div className="sq-state__icon" aria-hidden="true">{icon}</div> : null}
      <h2 className="sq-state__title">{title}</h2>
      {description ? <p className="sq-state__desc">{description}</p> : null}
      {action}
    </section>
  );
}
