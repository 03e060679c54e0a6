import { ACCESSIBILITY_FEATURES, type AccessibilityId } from '../../../../common/schemas/properties.ts';

/**
 * Copy for /accessible-bathroom-provider. The measurements follow the 2010 ADA Standards for
 * Accessible Design as a yardstick for guests' expectations; the page makes no compliance claim.
 */

/** When to tick each accessibility feature a listing can show (common/schemas/properties.ts). */
export const FEATURE_GUIDANCE: Record<AccessibilityId, string> = {
  step_free_entrance:
    'Someone in a wheelchair can get from the street to the bathroom without a single step: level or ramped all the way, with thresholds no higher than ½ inch. A ramp should rise no more than 1 inch for every 12 inches of length.',
  grab_bars:
    'Bars fixed firmly to the wall beside and behind the toilet, 33 to 36 inches above the floor. Say in your description which side of the toilet the side bar is on.',
  wide_door:
    'With the door open at 90°, measure from the face of the door to the stop on the other side: at least 32 inches clear, on every door along the way.',
  roll_in_shower:
    'A shower with no curb (a threshold of ½ inch at most), at least 30 by 60 inches inside, with grab bars, a hand-held shower head and a seat or room for a shower chair.',
  gender_neutral:
    'Anyone may use it, whatever their gender. That also lets a carer or family member of another gender come in to help.',
  elevator:
    'The bathroom is not at street level and an elevator reaches its floor, working whenever you are open for bookings.',
  raised_toilet:
    'The top of the seat sits 17 to 19 inches above the floor, through a taller toilet or a fixed raised seat. It makes moving across from a wheelchair easier.',
  braille_signage:
    'A sign with raised letters and Braille on the wall beside the door, on the latch side, between 48 and 60 inches above the floor.',
  accessible_parking:
    'A marked accessible parking space, with an access aisle beside it, close to the entrance your access instructions describe.',
};

/** Every feature a listing can show, in the listing form's order, with its guidance. */
export const GUIDED_FEATURES = ACCESSIBILITY_FEATURES.map((feature) => ({
  ...feature,
  guidance: FEATURE_GUIDANCE[feature.id],
}));

export const BEYOND_THE_CHECKBOXES = [
  'A clear circle about 60 inches across inside the room, so a wheelchair can turn around.',
  'A sink whose rim is no higher than 34 inches, with room for knees underneath.',
  'Door handles, taps and locks that work with one hand and no tight grip: levers rather than knobs.',
  'Toilet paper, soap, towels and the light switch within reach of someone seated.',
  'A clear, well-lit route with nothing stored in the way, and doors light enough to open from a seated position.',
  'Assistance animals welcome, always.',
];

export const FINDING_STEPS = [
  'On the search page, a guest opens Filters and ticks the features they need under “Accessibility (all of)”.',
  'Only bathrooms that list every ticked feature appear, in the list and on the map.',
  'Each result shows its accessibility features as icons with names that screen readers read aloud.',
  'The listing page gives them their own section near the top, in words as well as icons, so nobody has to guess whether they can get in.',
];

export const HONESTY_POINTS = [
  'Measure before you tick: doors, the height of the grab bars and the toilet seat, the threshold at the entrance.',
  'Photograph the route in, the door and the grab bars, and say in each photo’s description what it shows.',
  'Write down what is not there, too: “one 4-inch step at the front door” helps a guest more than silence.',
  'If a listed feature is missing when a guest arrives, they can tell us, and we will have you correct the listing.',
];

/** A search with the three features wheelchair users most often need, for the "see it" link. */
export const EXAMPLE_FILTER_HREF = '/bathrooms?accessibility=step_free_entrance,grab_bars,wide_door';
