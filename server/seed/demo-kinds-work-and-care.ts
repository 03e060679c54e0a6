import { type ListingKind, on, ROUND_THE_CLOCK, WEEKDAYS, WEEKEND } from './demo-listing-kinds.ts';

/** Demo hosts that are workplaces, homes, gyms, studios and hotels: often a shower, longer stays. */
export const WORK_AND_CARE_KINDS: readonly ListingKind[] = [
  {
    id: 'coworking',
    weight: 3,
    names: [
      'Hatch Coworking',
      'The Commons Workspace',
      'Desk & Dram',
      'Foundry Workspace',
      'Open Loft Coworking',
    ],
    titles: [
      'Coworking restroom with Wi-Fi, {hood}',
      'Bathroom at {name}, {hood}',
      '{name}: private restroom near {street}',
    ],
    intros: [
      '{name} is a coworking space on {street}. Booked guests get a private, single-occupancy bathroom off our quiet floor.',
      'A bright shared office in {hood} with a spare bathroom we rent by the quarter hour between meetings.',
    ],
    outros: [
      'Need a minute to freshen up before a meeting? The mirror has good light, and the Wi-Fi reaches.',
      'Members come first at lunchtime, so mornings and late afternoons have the most slots.',
    ],
    hours: [
      on(WEEKDAYS, ['08:00', '18:00']),
      [...on(WEEKDAYS, ['07:30', '19:00']), ...on([6], ['10:00', '16:00'])],
    ],
    price: [600, 1500],
    durations: [
      [15, 30, 45, 60],
      [15, 30],
    ],
    buffers: [5, 10],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'mirror', 'wifi'],
      often: ['power_outlet', 'towels', 'air_conditioning', 'hand_dryer', 'menstrual_products'],
    },
    accessibility: ['step_free_entrance', 'elevator', 'wide_door', 'grab_bars', 'gender_neutral'],
    rules: [
      'Please keep phone calls out of the bathroom hallway.',
      'Sign in on the tablet at reception; no pets.',
    ],
    access: [
      'Check in at reception on the second floor with your booking name; the bathroom is past the phone booths.',
      'Buzz "Privy" at the street door, take the elevator to 3, and follow the signs. The code is in your booking.',
    ],
  },
  {
    id: 'studio',
    weight: 2,
    names: [
      'Northlight Architects',
      'Fieldwork Design Studio',
      'Mercer & Vance Law',
      'Plainview Studio',
      'Linework Design',
    ],
    titles: [
      'Office bathroom at {name}, {hood}',
      'Quiet office restroom in {hood}',
      'Clean office bathroom off {street}',
    ],
    intros: [
      '{name} keeps a studio on {street} with a guest bathroom that mostly sits empty. Now you can book it.',
      'A small design office in {hood} with a tidy, private restroom for visitors during working hours.',
    ],
    outros: [
      'Weekdays only: the studio is closed at weekends.',
      'Please knock gently if the studio door is closed — we are probably in a meeting.',
    ],
    hours: [on(WEEKDAYS, ['08:00', '12:00'], ['13:00', '18:00']), on(WEEKDAYS, ['09:00', '17:30'])],
    price: [500, 1200],
    durations: [[15, 30]],
    buffers: [5, 10, 15],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'mirror'],
      often: ['towels', 'air_conditioning', 'power_outlet'],
    },
    accessibility: ['elevator', 'wide_door', 'grab_bars', 'step_free_entrance'],
    rules: [
      'Office hours only; please be quiet in the studio.',
      'No food or drink beyond the reception area.',
    ],
    access: [
      'Ring the bell for {name}; whoever answers will show you the way.',
      'Reception is on the ground floor; the bathroom is the first door on the right. Code in your booking.',
    ],
  },
  {
    id: 'salon',
    weight: 2,
    names: ['Shear Joy Salon', 'The Parlour', 'Maple Hair Studio', 'Gloss & Co.', 'Silver Scissors'],
    titles: [
      'Salon bathroom with hairdryer, {hood}',
      'Restroom at {name}, {hood}',
      '{name}: freshen-up bathroom on {street}',
    ],
    intros: [
      '{name} is a hair salon on {street}. Our guest bathroom has a big lit mirror and a hairdryer — perfect for a quick touch-up.',
      'A bright salon in {hood} with a private bathroom stocked with good soap, lotion and fluffy towels.',
    ],
    outros: [
      'Ask the front desk if you need a hair tie or bobby pins — we have plenty.',
      'Saturdays are busy; weekday mornings are calm.',
    ],
    hours: [
      on([2, 3, 4, 5, 6], ['09:00', '19:00']),
      [...on([2, 3, 4, 5], ['10:00', '20:00']), ...on([6], ['09:00', '17:00'])],
    ],
    price: [800, 1800],
    durations: [
      [15, 30, 45],
      [30, 45, 60],
    ],
    buffers: [10, 15],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'mirror', 'hairdryer', 'towels'],
      often: ['power_outlet', 'menstrual_products', 'air_conditioning'],
    },
    accessibility: ['step_free_entrance', 'grab_bars', 'wide_door'],
    rules: [
      'Please do not use the styling products on the shelf without asking.',
      'Hairdryer back on its hook when you are done, please.',
    ],
    access: [
      'Check in at the front desk; we will walk you back to the bathroom.',
      'The bathroom is behind the washbasins; the code is in your booking.',
    ],
  },
  {
    id: 'apartment',
    weight: 3,
    names: ['a garden apartment', 'a walk-up apartment', 'a loft apartment', 'a townhouse'],
    titles: [
      'Private bathroom with shower in {hood}',
      'Home bathroom with shower near {street}',
      'Guest bathroom in a private home, {hood}',
    ],
    intros: [
      'The guest bathroom of {name} on {street}, with a proper shower and fresh towels. Nobody else uses it while you are booked.',
      'A clean, private home bathroom in {hood} with a walk-in shower — handy after a run, a long flight or a day out.',
    ],
    outros: [
      'I work from home, so I am usually around to let you in.',
      'Towels are fresh for every booking.',
    ],
    hours: [
      [...on(WEEKDAYS, ['07:00', '09:30'], ['17:30', '22:00']), ...on(WEEKEND, ['09:00', '21:00'])],
      [
        ...on(WEEKDAYS, ['06:30', '09:00'], ['12:00', '14:00'], ['18:00', '21:30']),
        ...on(WEEKEND, ['10:00', '20:00']),
      ],
    ],
    price: [1200, 2500],
    durations: [
      [30, 45, 60],
      [30, 60, 90],
    ],
    buffers: [15],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'shower', 'towels', 'mirror'],
      often: ['hairdryer', 'wifi', 'power_outlet', 'menstrual_products'],
    },
    accessibility: ['grab_bars', 'gender_neutral', 'raised_toilet'],
    rules: [
      'Shoes off at the door, please. No guests beyond the booking.',
      'Please keep showers under 20 minutes and hang your towel on the hook.',
    ],
    access: [
      'Buzz apartment 2 at the street door; I will meet you on the landing.',
      'Use the side gate; the door code is in your booking and the bathroom is the first door on the left.',
    ],
  },
  {
    id: 'gym',
    weight: 2,
    names: ['Ironwood Fitness', 'Peak Performance Gym', 'The Boxing Club', 'Stride Athletic Club'],
    titles: [
      'Gym shower and bathroom in {hood}',
      'Shower room at {name}, {hood}',
      '{name}: shower and restroom near {street}',
    ],
    intros: [
      '{name} rents out a private shower room on {street} — your own space, not the busy locker room.',
      'A private shower and bathroom at a gym in {hood}, with fresh towels and plenty of hot water.',
    ],
    outros: [
      'Lockers by the front desk are free for booked guests.',
      'Post-run, post-commute or post-flight: everyone is welcome.',
    ],
    hours: [ROUND_THE_CLOCK, [...on(WEEKDAYS, ['05:00', '23:00']), ...on(WEEKEND, ['07:00', '21:00'])]],
    price: [1000, 2500],
    durations: [
      [30, 45, 60],
      [15, 30, 45, 60],
    ],
    buffers: [10, 15],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'shower', 'towels', 'mirror'],
      often: ['hairdryer', 'hand_dryer', 'power_outlet', 'air_conditioning'],
    },
    accessibility: ['step_free_entrance', 'roll_in_shower', 'grab_bars', 'wide_door', 'accessible_parking'],
    rules: [
      'Flip-flops recommended in the shower. Towels go in the bin by the door.',
      'No glass bottles in the shower area.',
    ],
    access: [
      'Show your booking at the front desk to get a wristband; the shower room is past the lockers.',
      'Enter through the side door on {street}; the keypad code is in your booking.',
    ],
  },
  {
    id: 'hotel',
    weight: 2,
    names: ['The Alder Hotel', 'Hotel Marisol', 'The Wren', 'Parkside Inn'],
    titles: [
      'Hotel lobby restroom in {hood}, open all night',
      'Lobby bathroom at {name}, {hood}',
      '{name}: 24-hour restroom in {hood}',
    ],
    intros: [
      '{name} is a boutique hotel on {street}. Booked guests use a private restroom off the lobby, day or night.',
      'A hotel in {hood} with a spotless, private lobby bathroom that never closes.',
    ],
    outros: [
      'The front desk is staffed around the clock.',
      'Luggage can wait with the concierge while you freshen up.',
    ],
    hours: [ROUND_THE_CLOCK],
    price: [1500, 2500],
    durations: [[15, 30, 45, 60]],
    buffers: [5, 10],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'towels', 'mirror', 'wifi'],
      often: ['hairdryer', 'power_outlet', 'air_conditioning', 'baby_changing_table', 'menstrual_products'],
    },
    accessibility: [
      'step_free_entrance',
      'elevator',
      'wide_door',
      'grab_bars',
      'raised_toilet',
      'accessible_parking',
    ],
    rules: [
      'Please show your booking to the front desk on arrival.',
      'Quiet, please, between 10 pm and 7 am.',
    ],
    access: [
      'Check in at the front desk with your booking name; the restroom is to the left of the elevators.',
      'Ask the concierge for the Privy key card; the restroom is behind the lobby bar.',
    ],
  },
  {
    id: 'yoga',
    weight: 2,
    names: ['Still Point Yoga', 'Lotus Room', 'Breathe Studio', 'Sun Salute Yoga'],
    titles: [
      'Yoga studio shower room in {hood}',
      'Calm bathroom at {name}, {hood}',
      '{name}: shower and restroom near {street}',
    ],
    intros: [
      '{name} has a private shower room on {street}, open between classes.',
      'A peaceful yoga studio in {hood} with a private bathroom and shower, eucalyptus soap included.',
    ],
    outros: [
      'Classes run on the hour; the bathroom is quietest in between.',
      'Mats and blocks are for students, but the tea is for everyone.',
    ],
    hours: [[...on(WEEKDAYS, ['06:30', '10:30'], ['16:00', '21:00']), ...on(WEEKEND, ['08:00', '14:00'])]],
    price: [900, 2000],
    durations: [[30, 45, 60]],
    buffers: [10, 15],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'shower', 'towels', 'mirror'],
      often: ['hairdryer', 'menstrual_products'],
    },
    accessibility: ['step_free_entrance', 'grab_bars', 'gender_neutral'],
    rules: [
      'Shoes off in the studio, please. Speak softly — classes may be in session.',
      'Please hang your towel to dry when you leave.',
    ],
    access: [
      'Come in quietly and check in at the front desk; the shower room is behind the cubbies.',
      'The code for the side door is in your booking.',
    ],
  },
];
