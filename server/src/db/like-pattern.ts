/** A LIKE pattern that finds `term` anywhere, its `%`, `_` and `\` taken literally (with `escape '\'`). */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
