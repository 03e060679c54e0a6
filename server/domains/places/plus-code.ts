const ALPHABET = '23456789CFGHJMPQRVWX';
/** 10-digit codes resolve to 1/8000 of a degree (about 14 m): five pairs of base-20 digits. */
const STEPS_PER_DEGREE = 8000;

/**
 * The Open Location Code ("plus code") of a point, 10 digits like `849VCWC8+R9` — the spec §7
 * `plus_code.global_code`. Pure integer arithmetic so the same point always gives the same code.
 */
export function encodePlusCode(latitude: number, longitude: number): string {
  const lat = Math.min(Math.max(latitude, -90), 90);
  let lng = ((((longitude + 180) % 360) + 360) % 360) - 180;
  if (!Number.isFinite(lng)) lng = 0;
  const latSteps = 180 * STEPS_PER_DEGREE;
  // The north pole itself belongs to the last cell below it.
  let latValue = Math.min(Math.floor(Math.round((lat + 90) * STEPS_PER_DEGREE * 1e6) / 1e6), latSteps - 1);
  let lngValue =
    Math.floor(Math.round((lng + 180) * STEPS_PER_DEGREE * 1e6) / 1e6) % (360 * STEPS_PER_DEGREE);
  let code = '';
  for (let pair = 0; pair < 5; pair++) {
    code = `${ALPHABET[latValue % 20]}${ALPHABET[lngValue % 20]}${code}`;
    latValue = Math.floor(latValue / 20);
    lngValue = Math.floor(lngValue / 20);
  }
  return `${code.slice(0, 8)}+${code.slice(8)}`;
}
