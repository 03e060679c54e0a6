/*
 * The add-a-bathroom steps (ADR 117), shared by the server (which remembers them) and the stepper
 * (which ticks them and reopens a draft at the first one left).
 */

export const LISTING_STEPS = [
  'basics',
  'address',
  'photos',
  'hours',
  'amenities',
  'rules',
  'review',
] as const;
export type ListingStep = (typeof LISTING_STEPS)[number];

/** The steps the listing's columns cannot answer, so the server records them when saved. */
export const SAVED_LISTING_STEPS = ['hours', 'amenities', 'rules'] as const;
export type SavedListingStep = (typeof SAVED_LISTING_STEPS)[number];

/** Which of the remembered steps a PATCH saves: a section's fields belong to its step. */
const FIELDS_OF_STEP: Record<Exclude<SavedListingStep, 'hours'>, readonly string[]> = {
  amenities: ['amenities', 'accessibility'],
  rules: ['house_rules', 'access_instructions'],
};

export function stepsSavedBy(fields: Record<string, unknown>): SavedListingStep[] {
  return (Object.keys(FIELDS_OF_STEP) as (keyof typeof FIELDS_OF_STEP)[]).filter((step) =>
    FIELDS_OF_STEP[step].some((field) => fields[field] !== undefined),
  );
}

/**
 * Where a reopened draft starts: the first step before Review that is not done, else Review. A
 * link to the publish step (`step=publish`) lands there too, so no link can skip a step.
 */
export function firstOpenStep(completed: readonly ListingStep[]): number {
  const open = LISTING_STEPS.findIndex((step) => step !== 'review' && !completed.includes(step));
  return open === -1 ? LISTING_STEPS.indexOf('review') : open;
}
