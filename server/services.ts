import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import {
  createProviderRequestService,
  type ProviderRequestService,
} from './domains/admin/provider-request-service.ts';
import {
  type AnalyticsService,
  createAnalyticsService,
  defineAnalyticsJobs,
} from './domains/analytics/analytics-service.ts';
import { type AuditService, createAuditService } from './domains/audit/audit-service.ts';
import { type AuthService, createAuthService } from './domains/auth/auth-service.ts';
import { type BetterAuth, createBetterAuth } from './domains/auth/better-auth.ts';
import { createDirectoryService, type DirectoryService } from './domains/auth/directory-service.ts';
import { passwordHasherFor } from './domains/auth/password-hashing.ts';
import { insertProfile } from './domains/auth/repository.ts';
import {
  type AvailabilityService,
  createAvailabilityService,
} from './domains/availability/availability-service.ts';
import {
  type BlackoutService,
  createBlackoutService,
  defineBlackoutJobs,
} from './domains/blackouts/blackout-service.ts';
import { defineBookingJobs } from './domains/bookings/booking-jobs.ts';
import { type BookingService, createBookingService } from './domains/bookings/booking-service.ts';
import { type CalendarService, createCalendarService } from './domains/calendar/calendar-service.ts';
import {
  createDatabaseSetupService,
  type DatabaseSetupService,
} from './domains/database-setup/database-setup-service.ts';
import { createEmailService, type EmailService } from './domains/email/email-service.ts';
import { pruneSmsSends } from './domains/email/sms-limits.ts';
import { createTwilioSmsDelivery } from './domains/email/twilio-sms-delivery.ts';
import { createScheduler, type Scheduler } from './domains/jobs/scheduler.ts';
import { defineMessagingJobs } from './domains/messaging/message-notices.ts';
import { createMessagingService, type MessagingService } from './domains/messaging/messaging-service.ts';
import {
  createNotificationService,
  type NotificationService,
} from './domains/notifications/notification-service.ts';
import { createPaymentService, type PaymentService } from './domains/payments/payment-service.ts';
import { createEarningsService, type EarningsService } from './domains/payouts/earnings-service.ts';
import {
  createPayoutService,
  definePayoutJobs,
  type PayoutService,
} from './domains/payouts/payout-service.ts';
import { createPlacesService, type PlacesService } from './domains/places/places-service.ts';
import { fuzzPoint } from './domains/places/public-point.ts';
import { createStreetGeocoder } from './domains/places/street-geocoder.ts';
import { createPropertyService, type PropertyService } from './domains/properties/property-service.ts';
import { createRateLimitService, type RateLimitService } from './domains/rate-limits/rate-limit-service.ts';
import { createRealtimeBus, type RealtimeBus } from './domains/realtime/bus.ts';
import { createGateway, type Gateway } from './domains/realtime/gateway.ts';
import {
  createRefundRequestService,
  defineRefundJobs,
  type RefundRequestService,
} from './domains/refunds/refund-request-service.ts';
import {
  createReviewService,
  defineReviewJobs,
  type ReviewService,
} from './domains/reviews/review-service.ts';
import { createSeoService, type SeoService } from './domains/seo/seo-service.ts';
import { createSettingsService, type SettingsService } from './domains/settings/settings-service.ts';
import { createLocalDiskStorage } from './domains/storage/local-disk-storage.ts';
import { createS3Storage } from './domains/storage/s3-storage.ts';
import { createStorageService, type StorageService } from './domains/storage/storage-service.ts';

/** Everything a request handler or a React Router loader may call. Built once per process. */
export type AppServices = {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  email: EmailService;
  betterAuth: BetterAuth;
  auth: AuthService;
  log: ServiceLogger;
  directory: DirectoryService;
  realtime: { bus: RealtimeBus; gateway: Gateway };
  notifications: NotificationService;
  jobs: Scheduler;
  providerRequests: ProviderRequestService;
  /** Uploaded files (DATA_DIR/uploads, or an S3-compatible bucket) and the image pipeline. */
  storage: StorageService;
  /** A host's bathrooms: listings, photos, opening hours. */
  properties: PropertyService;
  /** Offline geocoding (gazetteer), time zones from coordinates, city slugs. */
  places: PlacesService;
  /** Whether a bathroom is open (later: free) for a slot; the radius search over published bathrooms. */
  availability: AvailabilityService;
  /** Location pages, their index, the sitemap and robots.txt. */
  seo: SeoService;
  /** Booking holds and every booking status change (ADR 090). */
  bookings: BookingService;
  /** A booking's conversation between its guest and host (ADR 119). */
  messaging: MessagingService;
  /** Stripe or the built-in test provider; checkout, refunds, transfers, Connect; events (ADR 091). */
  payments: PaymentService;
  /** A host's blocked ranges on a bathroom; creating one cancels the bookings inside (ADR 094). */
  blackouts: BlackoutService;
  /** Private, revocable iCal feeds of a bathroom's bookings and blackouts (ADR 095). */
  calendar: CalendarService;
  /** Reviews both ways, their notices and the bathrooms' ratings (ADR 124). */
  reviews: ReviewService;
  /** Request budgets shared by every server process (ADR 111). */
  rateLimits: RateLimitService;
  /** Refund requests: a guest asks, the host answers, an admin decides (ADR 126). */
  refunds: RefundRequestService;
  /** Platform settings admins change at /admin/settings: the commission, weekly payouts (ADR 131). */
  settings: SettingsService;
  /** A host's earnings read from the ledger: totals, chart, bookings, payouts, CSV, statements (ADR 132). */
  earnings: EarningsService;
  /** Paying hosts their payable earnings, exactly once each (ADR 129). */
  payouts: PayoutService;
  /** The admin audit log: every admin action, recorded in its own transaction (ADR 133). */
  audit: AuditService;
  /** Admin analytics: anonymous search records, daily rollups, the report and its CSVs (ADR 138). */
  analytics: AnalyticsService;
  /** /admin/database-setup: migrations and their checksums, table sizes, job queues, reseed (ADR 139). */
  databaseSetup: DatabaseSetupService;
  /** Releases what the services hold open (listeners, timers); the database is closed by its owner. */
  close: () => Promise<void>;
};

export type ServiceLogger = {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

const consoleLogger: ServiceLogger = {
  error: (obj, msg) => console.error(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  info: (obj, msg) => console.info(msg, obj),
};

export async function createServices(
  config: Config,
  database: DatabaseHandle,
  log: ServiceLogger = consoleLogger,
): Promise<AppServices> {
  const { db } = database;
  const bus = await createRealtimeBus(database, log);
  // Before the engines that read it (ADR 140): one cached copy per process, dropped on every change.
  const settings = createSettingsService({
    db,
    bus,
    deployment: { mailFrom: config.mailFrom, contactEmail: config.contactEmail },
  });
  const email = createEmailService({
    db,
    smtpUrl: config.smtpUrl,
    from: async () => {
      const { emailFromName, emailFromAddress } = await settings.current();
      return { name: emailFromName, address: emailFromAddress };
    },
    // Twilio when configured; else the dev outbox, except in production, where the outbox would
    // swallow codes people wait for: there no text is sent and the pages say so (ADR 142).
    sms: config.twilio ? createTwilioSmsDelivery(config.twilio) : config.isProduction ? null : undefined,
    log,
  });
  const betterAuth = createBetterAuth({
    db,
    secret: config.authSecret,
    appUrl: config.appUrl,
    email,
    rateLimitEnabled: config.env !== 'test',
    passwordHasher: passwordHasherFor(config.env),
    signInProviders: config.signInProviders,
    log,
    onUserCreated: async (user) => {
      const [first, ...rest] = user.name.trim().split(/\s+/);
      // PRODUCT.md Accounts: new accounts are active, unless admins hold new sign-ups for review (ADR 140).
      const underReview = (await settings.current()).signupsUnderReview;
      await insertProfile(db, {
        id: user.id,
        first_name: first ?? '',
        last_name: rest.join(' '),
        ...(underReview ? { is_active: false } : {}),
      });
    },
  });
  const auth = createAuthService({ db, auth: betterAuth });
  const gateway = createGateway(bus, {
    onRequestError: (error, status, action) => {
      database.health.report(error);
      if (status >= 500 && status !== 503) log.error({ err: error, action }, 'socket request failed');
    },
  });
  const directory = createDirectoryService(db, bus);
  const notifications = createNotificationService({
    db,
    bus,
    directory,
    email,
    appUrl: config.appUrl,
    log,
  });
  const { objectStore } = config;
  const objects =
    objectStore.kind === 's3' ? createS3Storage(objectStore) : createLocalDiskStorage(config.uploadsDir);
  const storage = createStorageService({ db, objects });
  const jobs = createScheduler(database, log, {
    schema: database.schema ? `pgboss_${database.schema}` : 'pgboss',
  });
  jobs.define({
    name: 'notifications.send-emails',
    cron: '* * * * *',
    retryLimit: 0,
    // The sweep picks up email copies whose immediate send failed or whose process died.
    handler: async () => {
      await notifications.sendPendingEmails();
    },
  });
  const rateLimits = createRateLimitService(db);
  jobs.define({
    name: 'rate-limits.prune',
    cron: '*/10 * * * *',
    retryLimit: 0,
    handler: async () => {
      await rateLimits.prune();
    },
  });
  jobs.define({
    name: 'sms.prune',
    cron: '*/10 * * * *',
    retryLimit: 0,
    // Texts older than the hour no longer count against their number or client (ADR 142).
    handler: async () => {
      await pruneSmsSends(db);
    },
  });
  const payments = createPaymentService({ db, config, directory, log });
  const testPayments = payments.test;
  if (testPayments) {
    jobs.define({
      name: 'payments.expire-test-checkouts',
      cron: '* * * * *',
      retryLimit: 0,
      // Stripe expires its sessions on its side; the test provider's lapse here, with the same event.
      handler: async () => {
        await testPayments.expireLapsed();
      },
    });
  }
  const places = createPlacesService(
    undefined,
    config.geocoderUrl
      ? createStreetGeocoder({ url: config.geocoderUrl, userAgent: `Privy (${config.appUrl})`, log })
      : null,
  );
  const properties = createPropertyService({
    db,
    storage,
    timezoneAt: (latitude, longitude) => places.timezoneAt(latitude, longitude),
    defaultCleaningBufferMinutes: async () => (await settings.current()).defaultCleaningBufferMinutes,
    publicPoint: (latitude, longitude, seed) => {
      const point = fuzzPoint(latitude, longitude, seed);
      return { latitude: point.lat, longitude: point.lng };
    },
    notifications,
    // availability is built just below; this runs only after an admin's change.
    onFeaturedChanged: () => availability.forgetFeatured(),
  });
  const analytics = createAnalyticsService({ db, log, now: () => new Date() });
  defineAnalyticsJobs(jobs, analytics);
  const availability = createAvailabilityService({
    db,
    recordSearch: (fact) => analytics.recordSearch(fact),
    imageUrl: (key) => storage.objects.url(key),
    timezoneAt: (latitude, longitude) => places.timezoneAt(latitude, longitude),
    rules: () => settings.current(),
  });
  const messaging = createMessagingService({ db, bus, gateway, notifications });
  defineMessagingJobs(jobs, messaging);
  const reviews = createReviewService({ db, notifications });
  defineReviewJobs(jobs, reviews);
  const bookings = createBookingService({
    db,
    jobs,
    messaging,
    reviews,
    log,
    payments,
    notifications,
    directory,
    appUrl: config.appUrl,
    rules: () => settings.current(),
  });
  defineBookingJobs(jobs, bookings);
  const blackouts = createBlackoutService({ db, bookings, notifications, jobs, log });
  defineBlackoutJobs(jobs, blackouts);
  const refunds = createRefundRequestService({
    db,
    bookings,
    notifications,
    bus,
    storage,
    log,
    now: () => new Date(),
  });
  defineRefundJobs(jobs, refunds);
  const payouts = createPayoutService({ db, payments, notifications, bus, log });
  definePayoutJobs(jobs, payouts);
  const calendar = createCalendarService({ db, appUrl: config.appUrl });
  const audit = createAuditService({ db });
  const databaseSetup = createDatabaseSetupService({
    database,
    env: config.env,
    jobsSchema: database.schema ? `pgboss_${database.schema}` : 'pgboss',
  });
  const earnings = createEarningsService({ db, now: () => new Date() });
  const seo = createSeoService({ places, availability, appUrl: config.appUrl });
  const providerRequests = createProviderRequestService({
    db,
    notifications,
    directory,
    realtime: { bus },
    properties,
    bookings,
    log,
  });
  return {
    config,
    database,
    db,
    email,
    betterAuth,
    auth,
    log,
    directory,
    realtime: { bus, gateway },
    notifications,
    storage,
    places,
    properties,
    jobs,
    providerRequests,
    availability,
    seo,
    bookings,
    messaging,
    payments,
    blackouts,
    calendar,
    reviews,
    rateLimits,
    refunds,
    settings,
    earnings,
    payouts,
    audit,
    analytics,
    databaseSetup,
    close: async () => {
      await analytics.flushSearches();
      await jobs.stop();
      notifications.stop();
      gateway.close();
      settings.close();
      await bus.close();
    },
  };
}
