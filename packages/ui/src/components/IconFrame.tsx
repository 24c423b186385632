export interface IconFrameProps {
  /** Width and height in CSS pixels (default 24). */
  size?: number;
  className?: string;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  title?: string;
}

/** The one SVG frame of every icon: a 24×24 line drawing in `currentColor`. */
export function IconFrame({ name, d, size = 24, className, title }: { name: string; d: string } & IconFrameProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
      data-icon={name}
    >
      <path d={d} />
    </svg>
  );
}
