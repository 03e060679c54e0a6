import type {
  AccessibilityId,
  AmenityId,
  CLEANING_BUFFERS,
  OpeningRange,
} from '../../common/schemas/properties.ts';

/**
 * A kind of place that hosts a demo bathroom, with the names, words, hours, prices and features
 * such a place would really have (the kinds themselves: demo-kinds-*.ts). Text templates fill in
 * {name}, {hood}, {street} and {city}.
 */
export type ListingKind = {
  id: string;
  /** How often this kind appears, relative to the others. */
  weight: number;
  names: readonly string[];
  titles: readonly string[];
  intros: readonly string[];
  outros: readonly string[];
  hours: readonly (readonly OpeningRange[])[];
  /** Hourly price range in cents; prices land on quarter dollars. */
  price: readonly [number, number];
  durations: readonly (readonly (15 | 30 | 45 | 60 | 90 | 120)[])[];
  buffers: readonly (typeof CLEANING_BUFFERS)[number][];
  amenities: { always: readonly AmenityId[]; often: readonly AmenityId[] };
  accessibility: readonly AccessibilityId[];
  rules: readonly string[];
  access: readonly string[];
};

export const WEEKDAYS = [1, 2, 3, 4, 5] as const;
export const WEEKEND = [6, 7] as const;
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7] as const;

/** The same range(s) on each of the given weekdays (1 = Monday … 7 = Sunday). */
export function on(days: readonly number[], ...ranges: [opens: string, closes: string][]): OpeningRange[] {
  return days.flatMap((weekday) => ranges.map(([opens, closes]) => ({ weekday, opens, closes })));
}

export const ROUND_THE_CLOCK = on(EVERY_DAY, ['00:00', '24:00']);

export const AMENITY_PHRASES: Record<AmenityId, string> = {
  sink: 'a sink with warm water',
  toilet_paper: 'plenty of toilet paper',
  towels: 'fresh towels',
  toiletries: 'soap and hand lotion',
  shower: 'a walk-in shower',
  baby_changing_table: 'a fold-down baby changing table',
  menstrual_products: 'free pads and tampons',
  wifi: 'Wi-Fi',
  hand_dryer: 'a hand dryer',
  mirror: 'a large mirror',
  hairdryer: 'a hairdryer',
  air_conditioning: 'air conditioning',
  power_outlet: 'a power outlet by the mirror',
};

export const ACCESSIBILITY_PHRASES: Record<AccessibilityId, string> = {
  step_free_entrance: 'a step-free entrance',
  grab_bars: 'grab bars',
  wide_door: 'a door at least 32 inches wide',
  roll_in_shower: 'a roll-in shower',
  gender_neutral: 'gender-neutral use',
  elevator: 'elevator access',
  raised_toilet: 'a raised toilet seat',
  braille_signage: 'Braille signage',
  accessible_parking: 'accessible parking nearby',
};
