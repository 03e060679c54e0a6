import type { Scheduler } from '../jobs/scheduler.ts';
import type { BookingService } from './booking-service.ts';
import { BOOKINGS_SWEEP_JOB } from './booking-sweep.ts';

export const EXPIRE_HOLD_JOB = 'bookings.expire-hold';
export const EXPIRE_HOLDS_SWEEP_JOB = 'bookings.expire-holds';
export const RETRY_REFUNDS_JOB = 'bookings.retry-refunds';

/** The hold-expiry job and its sweep; define before the scheduler starts (ADR 052). */
export function defineBookingJobs(jobs: Scheduler, bookings: BookingService) {
  jobs.define<{ bookingId: string }>({
    name: EXPIRE_HOLD_JOB,
    handler: async ({ bookingId }) => {
      await bookings.expireHold(bookingId);
    },
  });
  jobs.define({
    name: BOOKINGS_SWEEP_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await bookings.sweep();
      await bookings.cancelFormerHostBookings();
    },
  });
  jobs.define({
    name: RETRY_REFUNDS_JOB,
    cron: '*/5 * * * *',
    retryLimit: 0,
    handler: async () => {
      await bookings.retryRefunds();
    },
  });
  jobs.define({
    name: EXPIRE_HOLDS_SWEEP_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await bookings.reconcileCheckouts();
      await bookings.expireStaleHolds();
    },
  });
}
