/** SQLite: characters beyond ASCII that FTS5's trigram tokenizer folds onto an ASCII letter. */
const FOLDED_ONTO: Partial<Record<string, string>> = { k: '\u212a', s: '\u017f' };

/**
 * SQLite: a GLOB pattern that matches exactly where the FTS5 trigram index matches (the term anywhere,
 * Unicode case folded), for a term in ASCII; undefined otherwise. FTS5 must read every match to
 * return the first ones in our order, while this can be tested row by row along an ordered index.
 */
export function sqliteGlobFor(term: string): string | undefined {
  let pattern = '*';
  for (const char of term) {
    if (char > '\u007f') return undefined;
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    if (lower !== upper) pattern += `[${lower}${upper}${FOLDED_ONTO[lower] ?? ''}]`;
    else pattern += '*?['.includes(char) ? `[${char}]` : char;
  }
  return `${pattern}*`;
}
