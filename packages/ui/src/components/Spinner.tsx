export function Spinner({ label = '불러오는 중', boxed = false }: { label?: string; boxed?: boolean }) {
  const spinner = (
    <span className="sq-spinner" role="status" aria-live="polite">
      <span className="sq-visually-hidden">{label}</span>
    </span>
  );
  return boxed ? <div className="sq-spinner-box">{spinner}</div> : spinner;
}
