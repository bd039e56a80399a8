/**
 * The placeholder of a field that shows a sample value: it starts with 'e.g.' so that, dimmed, it never reads as a
 * value already entered (a field that describes its format, '0x… or xdc…', needs none).
 */
export const example = (value: string) => `e.g. ${value}`;
