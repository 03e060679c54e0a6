/** Business constants from spec §9 and PRODUCT.md. One place, used by server and browser alike. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const RADIUS_OPTIONS_MILES = [5, 10, 15, 20, 25] as const;
export const DEFAULT_RADIUS_MILES = 5;
export const MILES_TO_METERS = 1609.34;
export const EARTH_RADIUS_MILES = 3963.190592;
export const DISTANCE_DECIMALS = 4;
export const DISTANCE_UNITS = ['miles', 'feet', 'km', 'm'] as const;
/** Spec §9 exports a constant of 20 without saying what it is for; we use it as the default page size. */
export const DEFAULT_PAGE_SIZE = 20;

export const TOP_NOTIFICATIONS_LIMIT = 15;
export const RECENT_MESSAGE_ALERTS_LIMIT = 10;
export const MESSAGE_PREVIEW_LENGTH = 80;

export const TOAST_LIFETIME_MS = {
  messageAlert: 6000,
  notification: 8000,
  markReadOrDelete: 3000,
  locationError: 5000,
} as const;
export const TOAST_SEVERITIES = ['info', 'success', 'warn', 'error', 'secondary', 'contrast'] as const;
export const NOTIFICATION_TOAST_GROUP = 'app-notifications';
export const MESSAGE_TOAST_GROUP = 'message-notifications';
export const BOTTOM_RIGHT_TOAST_GROUP = 'br';
export const SOUND_VOLUME = 0.3;
export const VIBRATION_PATTERN_MS = [100, 50, 100] as const;
export const TOAST_Z_INDEX = 1100;
export const OVERLAY_Z_INDEX = 1000;

export const COUNTDOWN_REFRESH_MS = 1000;
export const DEFAULT_LOCATION_DELAY_MS = 3500;

/** After this much time since load, the next 5 quiet minutes trigger a full reload (spec §9). */
export const INACTIVITY_THRESHOLD_MS = 10_800_000;
export const INACTIVITY_RELOAD_AFTER_MS = 5 * 60 * 1000;

/**
 * Spec §7: the browser's fetch helper (app/lib/api-fetch.ts) tries a failed GET or HEAD again up to
 * 3 times, waiting these delays first: §9's back-off, starting at 200 ms and doubling.
 */
export const FETCH_RETRY_DELAYS_MS = [200, 400, 800] as const;

export const AUTH_TICK_MS = 30_000;
export const AUTH_REFRESH_BEFORE_EXPIRY_MS = 90_000;
export const SESSION_COOKIE_DAYS = 400;

export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_HEARTBEAT_MS = 30_000;
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export const STORAGE_LIST_DEFAULT_LIMIT = 100;
export const UPLOAD_CACHE_CONTROL_SECONDS = 3600;

export const CURRENCY = 'USD';
/** PRODUCT.md: Privy keeps this share of each booking's price from the host's earnings (admins may set 0–50%). */
export const DEFAULT_COMMISSION_PERCENT = 15;
/** PRODUCT.md: bookings start on a quarter-hour grid. */
export const BOOKING_GRID_MINUTES = 15;
export const LOCALE = 'en-US';
/** How far ahead a booking may start (PRODUCT.md: Time and availability; availability/slots.ts refuses later starts). */
export const BOOKING_HORIZON_DAYS = 60;
/** An unpaid booking holds its slot this long, then expires (PRODUCT.md: Booking life). */
export const HOLD_MINUTES = 15;

/**
 * Spec §5: the date picker's time accuracy, 0 to 4, 2 by default. Privy reads it as how finely a
 * time is picked (ADR 110): 0 whole hours, 1 half hours, 2 quarter hours (the booking grid above),
 * 3 five minutes, 4 single minutes. The value is minutes between the times offered.
 */
export const TIME_ACCURACY_STEP_MINUTES = [60, 30, 15, 5, 1] as const;
export const DEFAULT_TIME_ACCURACY = 2;
/** Spec §5: times show on a 12- or 24-hour clock; §9 writes Privy's times on the 12-hour one. */
export const HOUR_CYCLES = [12, 24] as const;
export const DEFAULT_HOUR_CYCLE = 12;
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const IMAGE_FORMAT = 'webp';
export const IMAGE_QUALITY = 85;
export const IMAGE_DENSITIES = [1, 2] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const POPOVER_HIDE_DELAY_MS = 110;
export const ANIMATION_MS = 250;

export const SUPPORT_MESSAGES = {
  accountDisabled: 'Your account has been disabled. Please contact support for assistance.',
  accountUnderReview: "We're reviewing your account. Please check back later.",
} as const;

/**
 * Why the phone options are missing where no text-message provider is set up (production without
 * Twilio, ADR 142): the pages say one of these instead of offering codes that would reach nobody,
 * and the server answers `sms_unavailable` with the last one.
 */
export const SMS_UNAVAILABLE_REASONS = {
  signUp: "Sign-up by phone number isn't available here yet: use your email address.",
  codeSignIn: "Signing in with a texted code isn't available here yet: use your email address.",
  passwordReset: "Resetting a password by text isn't available here yet: use your email address.",
  any: "Text messages aren't available here yet: use your email address.",
} as const;
