import type { ColumnType, Generated } from 'kysely';

/** An admin's hold on a listing and its place on the home page (ADR 136); one row per bathroom. */
export type BathroomModerationTable = {
  bathroom_id: string;
  /** Set while an admin keeps the listing unpublished; only an admin lifts it. */
  hold_reason: string | null;
  held_at: Date | null;
  held_by: string | null;
  /** Set while the listing is in the home page's "Featured bathrooms" (shown only while published). */
  featured_at: Date | null;
  featured_by: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type BathroomReportReason = 'inaccurate' | 'unsafe' | 'unclean' | 'offensive' | 'scam' | 'other';
export type BathroomReportStatus = 'open' | 'dismissed' | 'actioned';

/** A signed-in member's report of a listing (ADR 136); an admin dismisses it or unpublishes. */
export type BathroomReportTable = {
  id: Generated<string>;
  bathroom_id: string;
  reporter_id: string;
  reason: BathroomReportReason;
  details: Generated<string>;
  status: Generated<BathroomReportStatus>;
  resolved_by: string | null;
  resolved_at: Date | null;
  created_at: Generated<Date>;
};
