import { SelectField as UiSelectField, TextField as UiTextField, withFieldStyles } from '@sq/ui/field';
import styles from './account.module.css';

/** The account screens' form fields (`@sq/ui/field`), drawn with their styles. */
export const TextField = withFieldStyles(UiTextField, styles);
export const SelectField = withFieldStyles(UiSelectField, styles);
