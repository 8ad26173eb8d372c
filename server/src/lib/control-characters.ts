/**
 * Whether the text holds a C0 control character other than tab, line feed and carriage return. No
 * text of ours means to hold one, and PostgreSQL refuses NUL in text outright (a server error from
 * inside a query).
 */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}
