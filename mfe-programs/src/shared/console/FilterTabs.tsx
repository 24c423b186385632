import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './console.module.css';

/**
 * Tabs that filter one panel (WAI-ARIA tabs pattern): a tablist of tabs with aria-selected, the panel they
 * control labelled by the selected one, one tab in the Tab order (the selected one), and the arrow keys,
 * Home and End moving the selection, which shows at once (automatic activation: the panel is one list, the
 * same list filtered).
 */
export function FilterTabs<T>({
  label,
  options,
  value,
  onChange,
  children,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; name: string }>;
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
}) {
  const id = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const selected = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const tabId = (index: number) => `${id}-tab-${index}`;

  const select = (index: number) => {
    const next = (index + options.length) % options.length;
    onChange(options[next]!.value);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => number> = {
      ArrowRight: () => selected + 1,
      ArrowLeft: () => selected - 1,
      Home: () => 0,
      End: () => options.length - 1,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    select(move());
  };

  return (
    <>
      <div className={styles.nav} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {options.map((option, index) => (
          <button
            key={String(option.value)}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={tabId(index)}
            type="button"
            role="tab"
            aria-selected={index === selected}
            aria-controls={`${id}-panel`}
            tabIndex={index === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(option.value)}
          >
            {option.name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(selected)} className={styles.tabPanel}>
        {children}
      </div>
    </>
  );
}
