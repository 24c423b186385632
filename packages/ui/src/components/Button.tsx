import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'text';
  size?: 'medium' | 'small';
  block?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'medium',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['sq-button', `sq-button--${variant}`];
  if (size === 'small') classes.push('sq-button--small');
  if (block) classes.push('sq-button--block');
  if (className) classes.push(className);
  return <button type={type} className={classes.join(' ')} {...rest} />;
}
