import { bookingPriceCents } from '../../../common/booking-price.ts';
import { DEFAULT_COMMISSION_PERCENT } from '../../../common/constants.ts';
import { formatUsd } from '../../../common/money.ts';

/**
 * The product rules the public pages quote (PRODUCT.md). Copy reads its numbers from here, so a rule
 * that changes is changed once and every page agrees.
 */
export const FACTS = {
  commissionPercent: DEFAULT_COMMISSION_PERCENT,
  hourlyPriceMinDollars: 1,
  hourlyPriceMaxDollars: 200,
  bookingLengths: '15, 30, 45, 60, 90 or 120 minutes',
  shortestBookingMinutes: 15,
  longestBookingMinutes: 120,
  bookAheadDays: 60,
  paymentHoldMinutes: 15,
  checkInMinutesBefore: 10,
  fullRefundMinutesBefore: 60,
  lateCancelRefundPercent: 50,
  cleaningBuffers: '5, 10 or 15 minutes',
  defaultOpeningHours: 'every day from 8:00 AM to 8:00 PM',
  areaFuzzMiles: 0.3,
  radiusMiles: '5 to 25 miles',
  minimumAge: 18,
} as const;

/** The pricing example every page uses: a booking's price is round(hourly × minutes / 60), in cents. */
export function priceExample(hourlyCents: number, minutes: number) {
  const price = bookingPriceCents(hourlyCents, minutes);
  const commission = Math.round((price * FACTS.commissionPercent) / 100);
  return {
    hourly: formatUsd(hourlyCents),
    minutes,
    price: formatUsd(price),
    commission: formatUsd(commission),
    hostEarns: formatUsd(price - commission),
  };
}

export const EXAMPLE = priceExample(1200, 30);
