/**
 * Free text people type must hold no control character: a NUL byte cannot be stored in PostgreSQL text, and the
 * others break how the text is shown and logged.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** A whole line of text with none of the C0 control characters (tabs and newlines included). */
// eslint-disable-next-line no-control-regex
export const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u001f]*$/;
