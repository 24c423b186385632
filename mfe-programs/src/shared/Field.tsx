import {
  CheckField as UiCheckField,
  SelectField as UiSelectField,
  TextAreaField as UiTextAreaField,
  TextField as UiTextField,
  withFieldStyles,
} from '@sq/ui/field';
import styles from './field.module.css';

/** The form fields of the apply wizard and the operators' console (`@sq/ui/field`), drawn with their styles. */
export const TextField = withFieldStyles(UiTextField, styles);
export const TextAreaField = withFieldStyles(UiTextAreaField, styles);
export const SelectField = withFieldStyles(UiSelectField, styles);
export const CheckField = withFieldStyles(UiCheckField, styles);

/** The form-level message (e.g. the server refused the step as a whole). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert" data-testid="form-error">
      {message}
    </p>
  );
}
