/** Spec §5's phone formats; §8's words when another is asked for. */
export const PHONE_FORMATS = ['E164', 'International', 'National'] as const;
export type PhoneFormat = (typeof PHONE_FORMATS)[number];
export const UNSUPPORTED_FORMAT_MESSAGE = 'Unsupported format type.';

/**
 * Spec §5: strip everything but digits; anything other than exactly 10 digits (a US number
 * without its country code) comes back as it was given. E164 `+15125550199`, International
 * `+1 512 555 0199`, National `(512) 555-0199`.
 */
export function formatPhoneNumber(input: string, format: PhoneFormat): string {
  if (!PHONE_FORMATS.includes(format)) throw new Error(UNSUPPORTED_FORMAT_MESSAGE);
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 10) return input;
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (format === 'E164') return `+1${digits}`;
  if (format === 'International') return `+1 ${area} ${exchange} ${line}`;
  return `(${area}) ${exchange}-${line}`;
}

/**
 * A stored number (E.164, as accounts keep them) the way people read it here: a US number in the
 * national format, any other as stored.
 */
export function displayPhoneNumber(e164: string): string {
  return /^\+1\d{10}$/.test(e164) ? formatPhoneNumber(e164.slice(2), 'National') : e164;
}
