import {
  ADMIN_LISTINGS_PAGE_SIZE,
  type AdminListing,
  type AdminListingDetail,
  type AdminListingsFilters,
  type ListingHold,
  type ReportListingInput,
  type UnpublishListingInput,
} from '../../../common/schemas/listing-moderation.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { recordAdminAction } from '../audit/audit-service.ts';
import { isPlaceholderEmail } from '../auth/better-auth.ts';
import { recentBathroomBookings } from '../bookings/bathroom-recent-bookings.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import {
  findAdminListing,
  findModeration,
  findReport,
  insertReport,
  resolveReports,
  selectAdminListings,
  selectReports,
  upsertModeration,
} from './moderation-repository.ts';
import { notFound, publishRequirements, toOpeningHoursView } from './property-views.ts';
import {
  findOpeningHours,
  findPayoutLinkedHosts,
  findPhotos,
  lockBathroom,
  updateBathroom,
} from './repository.ts';

/**
 * Listing moderation (ADR 136). An admin may put a hold on a listing: it leaves search at once
 * (status unlisted), its host is told why, and only an admin lifts the hold; the host's own
 * "Publish" is refused meanwhile. Admins feature published listings on the home page, and resolve
 * the reports signed-in members file. Each admin action is one transaction with its audit entry
 * and its notice to the host.
 */

type Deps = {
  db: Db;
  urlFor: (key: string) => string;
  notifications: Pick<NotificationService, 'notify'>;
  /** The home page's featured list is cached (availability); a change here forgets it. */
  onFeaturedChanged: () => void;
};

const nameOf = (first: string, last: string) => [first, last].filter(Boolean).join(' ') || 'Host';
const emailOf = (email: string) => (isPlaceholderEmail(email) ? null : email);
/** The reason as a sentence, so the notice's next sentence does not run into it. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function createListingModeration(deps: Deps) {
  const { db } = deps;

  async function list(filters: AdminListingsFilters) {
    const page = filters.page;
    const rows = await selectAdminListings(
      db,
      filters,
      ADMIN_LISTINGS_PAGE_SIZE,
      (page - 1) * ADMIN_LISTINGS_PAGE_SIZE,
    );
    const listings: AdminListing[] = rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      held: row.hold_reason !== null,
      featured: row.featured_at !== null,
      city: row.city,
      state_code: row.state_code,
      hourly_price_cents: row.hourly_price_cents,
      host_id: row.host_id,
      host_name: nameOf(row.first_name, row.last_name),
      host_email: emailOf(row.email),
      open_reports: Number(row.open_reports),
      cover_url: row.cover_key ? deps.urlFor(row.cover_key) : null,
      created_at: new Date(row.created_at).toISOString(),
    }));
    return { listings, total: Number(rows[0]?.total ?? 0), page, page_size: ADMIN_LISTINGS_PAGE_SIZE };
  }

  async function detail(id: string): Promise<AdminListingDetail> {
    const row = await findAdminListing(db, id);
    if (!row) throw notFound();
    const [photos, hours, reports, bookings] = await Promise.all([
      findPhotos(db, [id]),
      findOpeningHours(db, [id]),
      selectReports(db, id, 50),
      recentBathroomBookings(db, id, 10),
    ]);
    return {
      listing: {
        id: row.id,
        title: row.title,
        status: row.status,
        held: row.hold_reason !== null,
        featured: row.featured_at !== null,
        city: row.city,
        state_code: row.state_code,
        hourly_price_cents: row.hourly_price_cents,
        host_id: row.host_id,
        host_name: nameOf(row.first_name, row.last_name),
        host_email: emailOf(row.email),
        open_reports: Number(row.open_reports),
        cover_url: photos[0] ? deps.urlFor(photos[0].key_1x) : null,
        created_at: new Date(row.created_at).toISOString(),
        description: row.description,
        address: row.location?.formatted ?? '',
        timezone: row.timezone,
        photos: photos.map((photo) => ({
          url: deps.urlFor(photo.key_1x),
          alt: photo.alt.trim() || `${row.title}, photo ${photo.position + 1}`,
        })),
        opening_hours: toOpeningHoursView(hours),
        hold_reason: row.hold_reason,
        held_at: iso(row.held_at),
        featured_at: iso(row.featured_at),
        published_at: iso(row.published_at),
      },
      reports: reports.map((report) => ({
        id: report.id,
        reason: report.reason,
        details: report.details,
        status: report.status,
        reporter_id: report.reporter_id,
        reporter_name: nameOf(report.first_name, report.last_name),
        created_at: new Date(report.created_at).toISOString(),
        resolved_at: iso(report.resolved_at),
      })),
      bookings,
    };
  }

  async function unpublish(adminId: string, id: string, input: UnpublishListingInput) {
    const reason = input.reason.trim();
    await db.transaction().execute(async (trx) => {
      const row = await lockBathroom(trx, id);
      if (!row) throw notFound();
      const current = await findModeration(trx, id);
      if (current?.hold_reason) {
        throw new AppError('conflict', 'This listing is already unpublished by an admin.');
      }
      if (row.status === 'draft') {
        throw new AppError(
          'conflict',
          'This listing is a draft: guests cannot see it, so there is nothing to unpublish.',
        );
      }
      await updateBathroom(trx, id, { status: 'unlisted' });
      await upsertModeration(trx, id, {
        hold_reason: reason,
        held_at: new Date(),
        held_by: adminId,
        featured_at: null,
        featured_by: null,
      });
      // The reports are answered by this decision: the one named, and every other still open.
      const closed = await resolveReports(trx, { bathroomId: id }, 'actioned', adminId);
      if (input.report_id && !closed.includes(input.report_id)) {
        throw new AppError('not_found', 'That report is not an open report of this listing.', [
          { field: 'report_id', message: 'Choose an open report of this listing.' },
        ]);
      }
      await recordAdminAction(trx, {
        actorId: adminId,
        action: 'property.unpublished',
        targetType: 'property',
        targetId: id,
        summary: `Unpublished “${row.title}”`,
        reason,
        before: { status: row.status, featured: current?.featured_at != null },
        after: { status: 'unlisted', held: true, reports_closed: closed.length },
      });
      await deps.notifications.notify(
        {
          userId: row.host_id,
          type: 'OWNER_PROPERTY_UNPUBLISHED',
          message: `Privy unpublished “${row.title}”: ${sentence(reason)} Only Privy can publish it again: fix what is described, then reply through the contact page.`,
          meta: { bathroom_id: id },
        },
        trx,
      );
    });
    deps.onFeaturedChanged();
    return detail(id);
  }

  async function republish(adminId: string, id: string) {
    const published = await db.transaction().execute(async (trx) => {
      const row = await lockBathroom(trx, id);
      if (!row) throw notFound();
      const current = await findModeration(trx, id);
      if (!current?.hold_reason) {
        throw new AppError('conflict', 'Only a listing an admin unpublished can be republished here.');
      }
      const [photos, hours, linked] = await Promise.all([
        findPhotos(trx, [id]),
        findOpeningHours(trx, [id]),
        findPayoutLinkedHosts(trx, [row.host_id]),
      ]);
      // The hold is lifted either way; a listing that lost what publishing needs waits for its host.
      const complete = !publishRequirements(row, photos.length, hours.length, linked.has(row.host_id)).length;
      await upsertModeration(trx, id, { hold_reason: null, held_at: null, held_by: null });
      if (complete) {
        await updateBathroom(trx, id, { status: 'published', published_at: row.published_at ?? new Date() });
      }
      await recordAdminAction(trx, {
        actorId: adminId,
        action: 'property.republished',
        targetType: 'property',
        targetId: id,
        summary: complete ? `Republished “${row.title}”` : `Lifted the hold on “${row.title}”`,
        before: { status: row.status, held: true, reason: current.hold_reason },
        after: { status: complete ? 'published' : row.status, held: false },
      });
      await deps.notifications.notify(
        {
          userId: row.host_id,
          type: 'OWNER_PROPERTY_REPUBLISHED',
          message: complete
            ? `Privy published “${row.title}” again: guests can find and book it.`
            : `Privy lifted its hold on “${row.title}”. Finish what the listing still needs, then publish it.`,
          meta: { bathroom_id: id },
        },
        trx,
      );
      return complete;
    });
    return { ...(await detail(id)), published };
  }

  async function setFeatured(adminId: string, id: string, featured: boolean) {
    await db.transaction().execute(async (trx) => {
      const row = await lockBathroom(trx, id);
      if (!row) throw notFound();
      const current = await findModeration(trx, id);
      if (featured && (row.status !== 'published' || current?.hold_reason)) {
        throw new AppError('conflict', 'Only a published listing can be featured on the home page.');
      }
      const was = current?.featured_at != null;
      if (was === featured) return;
      await upsertModeration(trx, id, {
        featured_at: featured ? new Date() : null,
        featured_by: featured ? adminId : null,
      });
      await recordAdminAction(trx, {
        actorId: adminId,
        action: featured ? 'property.featured' : 'property.unfeatured',
        targetType: 'property',
        targetId: id,
        summary: `${featured ? 'Featured' : 'Stopped featuring'} “${row.title}” on the home page`,
        before: { featured: was },
        after: { featured },
      });
    });
    deps.onFeaturedChanged();
    return detail(id);
  }

  async function dismissReport(adminId: string, id: string, reportId: string) {
    await db.transaction().execute(async (trx) => {
      const report = await findReport(trx, id, reportId);
      if (!report) throw new AppError('not_found', 'There is no such report of this listing.');
      const closed = await resolveReports(trx, { bathroomId: id, reportId }, 'dismissed', adminId);
      if (!closed.length) throw new AppError('conflict', 'This report is already resolved.');
      await recordAdminAction(trx, {
        actorId: adminId,
        action: 'property.report_dismissed',
        targetType: 'property',
        targetId: id,
        summary: `Dismissed a report (${report.reason}) of a listing`,
        before: { report_id: reportId, status: 'open' },
        after: { report_id: reportId, status: 'dismissed' },
      });
    });
    return detail(id);
  }

  /** A signed-in member reports a published listing; one open report per member and listing. */
  async function report(reporterId: string, id: string, input: ReportListingInput) {
    const row = await findAdminListing(db, id);
    if (row?.status !== 'published') throw notFound();
    if (row.host_id === reporterId) {
      throw new AppError('conflict', 'This is your own listing: change it at Manage properties instead.');
    }
    const inserted = await insertReport(db, {
      bathroom_id: id,
      reporter_id: reporterId,
      reason: input.reason,
      details: input.details?.trim() ?? '',
    });
    if (!inserted) {
      throw new AppError('conflict', 'You have already reported this listing. Privy’s team will look at it.');
    }
    return { id: inserted.id, status: inserted.status };
  }

  /** What a host's own listing page shows of a hold, or null. */
  async function holdOf(id: string): Promise<ListingHold> {
    const row = await findModeration(db, id);
    return row?.hold_reason && row.held_at
      ? { reason: row.hold_reason, held_at: new Date(row.held_at).toISOString() }
      : null;
  }

  return { list, detail, unpublish, republish, setFeatured, dismissReport, report, holdOf };
}

export type ListingModeration = ReturnType<typeof createListingModeration>;
