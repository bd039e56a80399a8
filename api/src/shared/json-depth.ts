/** The deepest nesting of arrays and objects any request body may have. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether the JSON text nests arrays and objects deeper than `max`, found in one pass over the text
 * (strings skipped), before anything parses it or walks it recursively: a body of 20,000 opening
 * brackets would otherwise overflow the stack of every recursive walk after the parse.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}
