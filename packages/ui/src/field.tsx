import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * Form fields, imported as `@sq/ui/field`: a label, the control, a hint and the inline Korean error (or a
 * note) under it, with the control described by its messages. Kept out of the main `@sq/ui` entry on purpose:
 * that entry is shared by the shell and loaded on every page (170 KB first-load cap), while only form screens
 * need fields; this module lands in each form screen's own chunk.
 *
 * Two layouts, one set of parts (label text, hint, error or note):
 *  - `Field` names its control by id, so the control may stand among other markup; its error is an alert.
 *  - `TextField`, `TextAreaField`, `SelectField` wrap the control in the label and keep a polite live region
 *    under it (there before any message), which describes the control; `CheckField` likewise.
 * The look stays the screen's: every field is drawn with the class names of the screen's CSS Module
 * (`styles`), since remotes keep their styles apart; `withFieldStyles` binds them once per screen.
 */

/** The class names a field is drawn with (a CSS Module of the screen; absent keys draw unstyled). */
export interface FieldStyles {
  /** The field's column (and, for a wrapping label, the label itself). */
  readonly field?: string;
  readonly label?: string;
  /** The " (선택)" after an optional field's label. */
  readonly optional?: string;
  /** The hint, and a neutral note. */
  readonly hint?: string;
  readonly error?: string;
  /** A positive note (e.g. a nickname that is free). */
  readonly success?: string;
  readonly input?: string;
  /** Added to `input` on a text area. */
  readonly textarea?: string;
  /** The label of a check box. */
  readonly check?: string;
}

/** What a field says around its control. */
export interface FieldChrome {
  label: ReactNode;
  /** The inline error: the server's Korean message for this field, or the screen's own check. */
  error?: string | undefined;
  /** A note under the control (e.g. how to fill it in), shown whatever the state. */
  hint?: ReactNode;
  /** A neutral or positive message in the error's place while there is no error (e.g. "사용 가능한 닉네임이에요."). */
  note?: ReactNode;
  noteTone?: 'neutral' | 'success';
  /** Marks the label " (선택)". */
  optional?: boolean;
}

/** What the control must carry: its id (when the field names one) and its error state and description. */
export interface FieldControl {
  id?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps extends FieldChrome {
  styles: FieldStyles;
  /**
   * The control's id: the label names the control by it (`htmlFor`), so the control may stand among other
   * markup (a button beside it, a counter under it). The hint and the error carry the ids `{id}-hint` and
   * `{id}-error` and describe the control; an error is announced as an alert when it appears.
   */
  id: string;
  /** Draws the control with the props it must carry. */
  children: (control: FieldControl) => ReactNode;
}

const classOf = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

function LabelText({ label, optional, styles }: Pick<FieldChrome, 'label' | 'optional'> & { styles: FieldStyles }) {
  return (
    <>
      {label}
      {optional ? <span className={styles.optional}> (선택)</span> : null}
    </>
  );
}

function Message({
  error,
  note,
  noteTone,
  styles,
  id,
  alert,
}: Pick<FieldChrome, 'error' | 'note' | 'noteTone'> & {
  styles: FieldStyles;
  id?: string | undefined;
  alert?: boolean;
}) {
  if (error) {
    return (
      <p className={styles.error} id={id} role={alert ? 'alert' : undefined} data-field-error>
        {error}
      </p>
    );
  }
  return note ? <p className={noteTone === 'success' ? styles.success : styles.hint}>{note}</p> : null;
}

/** A labelled control with its hint and its inline message underneath. */
export function Field({ styles, id, label, optional, hint, error, note, noteTone, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        <LabelText label={label} optional={optional} styles={styles} />
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': classOf(hintId, errorId) })}
      {hint ? (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
      <Message styles={styles} id={errorId} alert error={error} note={note} noteTone={noteTone} />
    </div>
  );
}

/** The hint, then the error or note in a live region (there before any message, announced as it changes). */
function LiveMessages({
  id,
  styles,
  hint,
  ...message
}: Omit<FieldChrome, 'label' | 'optional'> & { id: string; styles: FieldStyles }) {
  return (
    <>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <div id={id} aria-live="polite">
        <Message styles={styles} {...message} />
      </div>
    </>
  );
}

/**
 * The layout of the ready-made fields below: the label wraps its text and the control, and the control is
 * described by the live region of its messages.
 */
function WrappingField({ styles, label, optional, hint, error, note, noteTone, children }: Omit<FieldProps, 'id'>) {
  const messageId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.field}>
        <span className={styles.label}>
          <LabelText label={label} optional={optional} styles={styles} />
        </span>
        {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': messageId })}
      </label>
      <LiveMessages id={messageId} styles={styles} hint={hint} error={error} note={note} noteTone={noteTone} />
    </div>
  );
}

type Styled<P> = FieldChrome & P & { styles: FieldStyles };

/** A labelled text input. */
export function TextField({
  styles,
  label,
  error,
  hint,
  note,
  noteTone,
  optional,
  ...input
}: Styled<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <WrappingField
      styles={styles}
      label={label}
      error={error}
      hint={hint}
      note={note}
      noteTone={noteTone}
      optional={optional}
    >
      {(control) => <input className={styles.input} {...control} {...input} />}
    </WrappingField>
  );
}

/** A labelled text area. */
export function TextAreaField({
  styles,
  label,
  error,
  hint,
  note,
  noteTone,
  optional,
  ...area
}: Styled<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <WrappingField
      styles={styles}
      label={label}
      error={error}
      hint={hint}
      note={note}
      noteTone={noteTone}
      optional={optional}
    >
      {(control) => <textarea className={classOf(styles.input, styles.textarea)} {...control} {...area} />}
    </WrappingField>
  );
}

/** A labelled select with an empty first choice (its placeholder). */
export function SelectField({
  styles,
  label,
  error,
  hint,
  note,
  noteTone,
  optional,
  options,
  placeholder,
  ...select
}: Styled<
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly { code: string; name: string }[]; placeholder: string }
>) {
  return (
    <WrappingField
      styles={styles}
      label={label}
      error={error}
      hint={hint}
      note={note}
      noteTone={noteTone}
      optional={optional}
    >
      {(control) => (
        <select className={styles.input} {...control} {...select}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </WrappingField>
  );
}

/** A check box with its label beside it and its inline error underneath. */
export function CheckField({
  styles,
  label,
  error,
  ...input
}: { styles: FieldStyles; label: ReactNode; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const messageId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        <input type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={messageId} {...input} />
        <span>{label}</span>
      </label>
      <LiveMessages id={messageId} styles={styles} error={error} />
    </div>
  );
}

/**
 * The field components drawn with one screen's styles: `export const TextField = withFieldStyles(UiTextField, styles)`.
 * Bind only what the screen uses, so the others stay out of its bundle.
 */
export function withFieldStyles<P extends { styles: FieldStyles }>(
  Component: (props: P) => ReactNode,
  styles: FieldStyles,
) {
  return (props: Omit<P, 'styles'>) => <Component {...(props as P)} styles={styles} />;
}
