import { AppError } from '../../http/errors.ts';
import { BOOKING_HORIZON_DAYS, type BookingRules, type SlotRefusal } from '../availability/slots.ts';

/** The one message a guest sees when somebody else got the time first (ADR 090). */
export const SLOT_TAKEN_MESSAGE =
  'Sorry, that time has just been booked by someone else. Please choose another start.';

/** Why a hold is refused, as the guest reads it: each names the field to change. */
export const notBookable = () =>
  new AppError('validation_error', 'This bathroom is not taking bookings.', [
    { field: 'bathroomId', message: 'Choose a published bathroom.' },
  ]);

export const ownBathroom = () =>
  new AppError('validation_error', 'You cannot book your own bathroom.', [
    { field: 'bathroomId', message: 'Choose a bathroom you do not host.' },
  ]);

export function refusalError(reason: SlotRefusal, allowedDurations: number[], rules: BookingRules): AppError {
  const field = (name: string, message: string) =>
    new AppError('validation_error', message, [{ field: name, message }]);
  switch (reason) {
    case 'duration':
      return field(
        'durationMinutes',
        `This bathroom takes bookings of ${allowedDurations.join(', ')} minutes.`,
      );
    case 'too_long':
      return field('durationMinutes', `Bookings last at most ${rules.maxBookingMinutes} minutes.`);
    case 'too_soon':
      return field(
        'startsAt',
        `Bookings start at least ${rules.minimumNoticeMinutes} minutes from now. Please choose a later start.`,
      );
    case 'off_grid':
      return field('startsAt', 'Bookings start on the quarter hour (:00, :15, :30 or :45).');
    case 'past':
      return field('startsAt', 'That start has already passed. Please choose a later one.');
    case 'too_far':
      return field('startsAt', `Bookings open up to ${BOOKING_HORIZON_DAYS} days ahead.`);
    case 'closed':
      return field('startsAt', 'The bathroom is not open for the whole of that time.');
    case 'blackout':
      return new AppError('conflict', 'The host has blocked that time. Please choose another start.');
    case 'taken':
      return new AppError('conflict', SLOT_TAKEN_MESSAGE);
  }
}
