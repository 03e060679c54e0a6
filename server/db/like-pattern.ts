/**
 * `%text%` for an ILIKE that finds the text anywhere: the user's own %, _ and backslashes are
 * escaped (PostgreSQL's default LIKE escape is the backslash), so they match themselves.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
