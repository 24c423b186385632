import { Field as UiField, withFieldStyles } from '@sq/ui/field';
import styles from './forms.module.css';

/** A labelled form field with its hint and its Korean error (`@sq/ui/field`), drawn with the forms' styles. */
export const Field = withFieldStyles(UiField, styles);

export { styles as formStyles };
