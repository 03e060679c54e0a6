import { REFUND_REQUEST_EVENT } from '../../../common/schemas/refund-requests.ts';
import type { Db } from '../../db/database.ts';
import type { BookingService } from '../bookings/booking-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import type { StorageService } from '../storage/storage-service.ts';
import type { Executor } from './repository.ts';

/** What every refund-request step needs (ADR 126). */
export type RefundDeps = {
  db: Db;
  bookings: Pick<BookingService, 'sendRefund'>;
  notifications: Pick<NotificationService, 'notify' | 'notifyAdmins'>;
  bus: Pick<RealtimeBus, 'publish'>;
  storage: Pick<StorageService, 'storeImage' | 'deleteImage'>;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  now: () => Date;
};

/** Tells open admin queues that a request changed (they reload it). */
export const announce = (deps: Pick<RefundDeps, 'bus'>, id: string, executor: Executor) =>
  deps.bus.publish('admins', REFUND_REQUEST_EVENT, { id }, executor);

export const isUniqueViolation = (error: unknown) => String((error as { code?: string }).code) === '23505';
