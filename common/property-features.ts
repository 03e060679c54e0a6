/*
 * The amenities and accessibility features a listing can offer, free of zod: the search pages and
 * the home page show them, and their first load leaves zod out (docs/PERFORMANCE.md, Lighthouse).
 * The schemas in schemas/properties.ts validate against these lists.
 */

/** A feature a guest can filter on; `icon` names a Tabler icon the browser maps to a component. */
export type PropertyFeature = { id: string; label: string; icon: string };

export const AMENITIES = [
  { id: 'sink', label: 'Sink', icon: 'IconDroplet' },
  { id: 'toilet_paper', label: 'Toilet paper', icon: 'IconToiletPaper' },
  { id: 'towels', label: 'Towels', icon: 'IconHanger' },
  { id: 'toiletries', label: 'Soap and toiletries', icon: 'IconHandSanitizer' },
  { id: 'shower', label: 'Shower', icon: 'IconBath' },
  { id: 'baby_changing_table', label: 'Baby changing table', icon: 'IconDiaper' },
  { id: 'menstrual_products', label: 'Menstrual products', icon: 'IconHeart' },
  { id: 'wifi', label: 'Wi-Fi', icon: 'IconWifi' },
  { id: 'hand_dryer', label: 'Hand dryer', icon: 'IconWind' },
  { id: 'mirror', label: 'Mirror', icon: 'IconEye' },
  { id: 'hairdryer', label: 'Hairdryer', icon: 'IconFlame' },
  { id: 'air_conditioning', label: 'Air conditioning', icon: 'IconAirConditioning' },
  { id: 'power_outlet', label: 'Power outlet', icon: 'IconPlug' },
] as const satisfies readonly PropertyFeature[];

export const ACCESSIBILITY_FEATURES = [
  { id: 'step_free_entrance', label: 'Step-free entrance', icon: 'IconWheelchair' },
  { id: 'grab_bars', label: 'Grab bars', icon: 'IconHandGrab' },
  { id: 'wide_door', label: 'Door at least 32 in wide', icon: 'IconDoor' },
  { id: 'roll_in_shower', label: 'Roll-in shower', icon: 'IconBath' },
  { id: 'gender_neutral', label: 'Gender-neutral', icon: 'IconGenderAgender' },
  { id: 'elevator', label: 'Elevator access', icon: 'IconElevator' },
  { id: 'raised_toilet', label: 'Raised toilet seat', icon: 'IconAccessible' },
  { id: 'braille_signage', label: 'Braille signage', icon: 'IconBraille' },
  { id: 'accessible_parking', label: 'Accessible parking nearby', icon: 'IconParking' },
] as const satisfies readonly PropertyFeature[];

export type AmenityId = (typeof AMENITIES)[number]['id'];
export type AccessibilityId = (typeof ACCESSIBILITY_FEATURES)[number]['id'];
