import { EVERY_DAY, type ListingKind, on, WEEKDAYS, WEEKEND } from './demo-listing-kinds.ts';

/** Demo hosts that sell food, drink, books or art: open to walk-ins, short visits. */
export const FOOD_AND_SHOP_KINDS: readonly ListingKind[] = [
  {
    id: 'cafe',
    weight: 5,
    names: [
      'Bluebird Coffee',
      'Little Fern Café',
      'Copper Kettle',
      'Morning Pages Coffee',
      'Honey & Oat',
      'Second Shot Espresso',
      'Juniper Café',
      'Oak & Ember Coffee',
      'Wildflower Café',
      'Lantern Coffee House',
      'Fig Tree Café',
      'Pine & Pour',
      'Velvet Bean',
      'Sunday Roasters',
    ],
    titles: [
      '{name}: private restroom in {hood}',
      'Bright café bathroom at {name}',
      'Spotless restroom at {name}, {hood}',
      'Café bathroom on {street}',
    ],
    intros: [
      '{name} is a neighbourhood coffee shop on {street}. Our single-stall restroom sits at the back, past the pastry case, and is cleaned every two hours.',
      'A friendly café in {hood} with a private, lockable bathroom just for booked guests. No purchase needed — though the cold brew is worth it.',
    ],
    outros: [
      'Baristas know about Privy bookings, so just say hello on your way in.',
      'Busy at the morning rush; mid-afternoon is the calmest time.',
    ],
    hours: [
      [...on(WEEKDAYS, ['07:00', '19:00']), ...on(WEEKEND, ['08:00', '18:00'])],
      on(EVERY_DAY, ['06:30', '18:00']),
      on(EVERY_DAY, ['07:00', '20:00']),
    ],
    price: [300, 800],
    durations: [
      [15, 30],
      [15, 30, 45],
    ],
    buffers: [5, 10],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'mirror'],
      often: ['hand_dryer', 'wifi', 'baby_changing_table', 'menstrual_products'],
    },
    accessibility: ['step_free_entrance', 'grab_bars', 'gender_neutral', 'wide_door'],
    rules: [
      'Please leave the bathroom as you found it. No smoking or vaping.',
      'One guest at a time, please, and be kind to the baristas during the morning rush.',
    ],
    access: [
      'Tell the barista at the register your first name; the bathroom key hangs on the wooden spoon by the till.',
      'Walk past the counter to the door marked "Privy". The keypad code is in your booking confirmation.',
    ],
  },
  {
    id: 'bakery',
    weight: 2,
    names: [
      'Crumb & Co. Bakery',
      'Rise Bakehouse',
      'Butter Lane Bakery',
      'Golden Crust',
      'Flour Child Bakery',
    ],
    titles: [
      'Bakery restroom at {name}',
      'Clean bathroom at {name}, {hood}',
      '{name}: quiet restroom off {street}',
    ],
    intros: [
      '{name} bakes from before dawn on {street}. The guest bathroom is down a short hallway behind the bread shelves, away from the ovens.',
      'A small family bakery in {hood} with one tidy restroom we keep for Privy guests and regulars.',
    ],
    outros: [
      'Come early: we close once the bread sells out on busy Saturdays.',
      'Fresh croissants until about 11, if you need an excuse.',
    ],
    hours: [on([2, 3, 4, 5, 6, 7], ['06:30', '15:00']), on(EVERY_DAY, ['07:00', '16:00'])],
    price: [300, 600],
    durations: [[15, 30]],
    buffers: [5],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries'],
      often: ['mirror', 'hand_dryer', 'baby_changing_table'],
    },
    accessibility: ['step_free_entrance', 'grab_bars', 'wide_door'],
    rules: [
      'No food inside the bathroom, please — we are a bakery, but still.',
      'Please wash your hands and leave the seat down.',
    ],
    access: [
      'Ask at the counter for the Privy key; it is on the blue ribbon.',
      'The bathroom is the last door on the left past the bread racks; the code is in your booking.',
    ],
  },
  {
    id: 'bookshop',
    weight: 3,
    names: [
      'Dog-Eared Books',
      'Paper Lantern Books',
      'The Reading Room',
      'Second Chapter Books',
      'Marginalia Books',
      'Ink & Ivy',
    ],
    titles: [
      'Quiet bookshop bathroom in {hood}',
      'Restroom at {name}, {hood}',
      '{name}: calm restroom on {street}',
    ],
    intros: [
      'An independent bookshop on {street} with a calm, private bathroom upstairs, past poetry and travel.',
      '{name} has been selling new and used books in {hood} for years. Our restroom is small, bright and always stocked.',
    ],
    outros: [
      'Browsing is encouraged, buying is not required.',
      'The reading chairs are free to use after your booking too.',
    ],
    hours: [
      [...on([1, 2, 3, 4, 5, 6], ['10:00', '20:00']), ...on([7], ['11:00', '18:00'])],
      on(EVERY_DAY, ['10:00', '21:00']),
    ],
    price: [400, 900],
    durations: [[15, 30, 45]],
    buffers: [5, 10],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'mirror'],
      often: ['towels', 'wifi', 'menstrual_products'],
    },
    accessibility: ['step_free_entrance', 'elevator', 'grab_bars', 'braille_signage'],
    rules: [
      'Please keep your voice down — people are reading.',
      'No drinks near the shelves on your way through.',
    ],
    access: [
      'Let the bookseller at the front desk know you have a Privy booking; they will hand you the key.',
      'Take the stairs (or the small elevator) to the first floor; the bathroom is behind the travel section. Code in your booking.',
    ],
  },
  {
    id: 'gallery',
    weight: 1,
    names: ['Whitewall Gallery', 'Foundry Arts', 'Small Rooms Gallery', 'Blue Hour Gallery'],
    titles: [
      'Gallery restroom in {hood}',
      'Bathroom at {name}, {hood}',
      '{name}: calm restroom off {street}',
    ],
    intros: [
      '{name} shows local artists on {street}. The bathroom is as carefully kept as the white walls outside it.',
      'A small art gallery in {hood} with a calm, private restroom for visitors.',
    ],
    outros: [
      'Entry to the gallery is free — have a look around on your way out.',
      'Late opening on Thursdays for the evening crowd.',
    ],
    hours: [[...on([3, 5, 6, 7], ['11:00', '18:00']), ...on([4], ['11:00', '14:00'], ['16:00', '21:00'])]],
    price: [500, 1000],
    durations: [[15, 30]],
    buffers: [5, 10],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'mirror'],
      often: ['towels', 'air_conditioning'],
    },
    accessibility: ['step_free_entrance', 'wide_door', 'grab_bars', 'gender_neutral', 'braille_signage'],
    rules: [
      'Please do not touch the artwork on your way through.',
      'Bags stay at the front desk during busy openings.',
    ],
    access: [
      'Say hello at the front desk; the bathroom is through the back gallery.',
      'The code for the door behind the front desk is in your booking.',
    ],
  },
  {
    id: 'bar',
    weight: 2,
    names: ['The Copper Still', 'Vine & Barrel', 'Night Owl Wine Bar', 'Marlowe Bar'],
    titles: [
      'Evening restroom at {name}',
      'Late-night bathroom in {hood}',
      '{name}: private restroom on {street}',
    ],
    intros: [
      '{name} is a wine bar on {street} with a private, lockable bathroom kept clean through the evening.',
      'A cosy bar in {hood} with a private restroom you can book — no queue, no drink needed.',
    ],
    outros: ['Friday and Saturday nights book up fast.', 'Open late, so this is a good one after a show.'],
    hours: [
      on([2, 3, 4, 5, 6, 7], ['16:00', '24:00']),
      [...on([1, 2, 3, 4], ['16:00', '23:00']), ...on([5, 6], ['15:00', '24:00'])],
    ],
    price: [400, 900],
    durations: [[15, 30]],
    buffers: [5, 10],
    amenities: {
      always: ['sink', 'toilet_paper', 'toiletries', 'mirror'],
      often: ['hand_dryer', 'menstrual_products', 'air_conditioning'],
    },
    accessibility: ['step_free_entrance', 'grab_bars', 'gender_neutral'],
    rules: [
      'Guests must be 21 or over after 8 pm.',
      'Please be considerate of our neighbours when you leave.',
    ],
    access: [
      'Tell the bartender you have a Privy booking; the bathroom is at the end of the bar.',
      'The keypad code for the back corridor is in your booking.',
    ],
  },
];
