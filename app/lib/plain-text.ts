/** Tabs, line breaks, NUL and the like: no one-line form field holds them, and PostgreSQL refuses NUL outright. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Whether a value typed into a one-line input is plain text. */
export const isPlainLine = (value: string) => !CONTROL_CHARACTER.test(value);
