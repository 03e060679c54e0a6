/** The date the terms and privacy policy last changed. Change it with the text, never alone. */
export const LEGAL_UPDATED = 'November 26, 2026';
