export type ColorSchemeHandle = { forceColorScheme?: 'light' | 'dark' | 'system' };

/**
 * Spec §4: a page may force light or dark through its route handle (the deepest route wins);
 * forcing "system" is ignored with a console warning.
 */
export function forcedColorScheme(
  handles: readonly unknown[],
  warn: (message: string) => void = console.warn,
): 'light' | 'dark' | undefined {
  for (let i = handles.length - 1; i >= 0; i--) {
    const forced = (handles[i] as ColorSchemeHandle | undefined)?.forceColorScheme;
    if (forced === 'light' || forced === 'dark') return forced;
    if (forced === 'system') {
      warn('A page cannot force the "system" colour scheme; ignoring it.');
      return undefined;
    }
  }
  return undefined;
}
