/**
 * One Intl.DateTimeFormat per locale and options. Making one costs far more than using it (a
 * listing's date choices made ~60 of them per render, ~50 ms on a slow phone: docs/PERFORMANCE.md).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
