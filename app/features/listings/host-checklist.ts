/** The first-time host checklist on /onboarding, computed from what the host really has. */
export type HostChecklistItem = { id: string; label: string; hint: string; done: boolean; to: string };

export type HostFacts = {
  hasPhoto: boolean;
  listings: number;
  /** The newest draft, where "finish" links go; null when there is none. */
  draftId: string | null;
  withPhotos: number;
  withHours: number;
  published: number;
  /** A payout (Stripe Connect) account is linked and can be paid: publishing needs it (ADR 095). */
  payoutsLinked: boolean;
};

export function hostChecklist(facts: HostFacts): HostChecklistItem[] {
  const finish = facts.draftId ? `/manage/properties/${facts.draftId}` : '/manage/add-property';
  return [
    {
      id: 'photo',
      label: 'Add a profile photo',
      hint: 'Guests book with people they can picture. A friendly face helps.',
      done: facts.hasPhoto,
      to: '/profile',
    },
    {
      id: 'listing',
      label: 'Create your first listing',
      hint: 'A title and the address are enough to save a draft.',
      done: facts.listings > 0,
      to: '/manage/add-property',
    },
    {
      id: 'hours',
      label: 'Set your opening hours',
      hint: 'New listings open every day 08:00–20:00; change that to suit you.',
      done: facts.withHours > 0,
      to: finish,
    },
    {
      id: 'photos',
      label: 'Add photos',
      hint: 'At least one; bright, tidy, landscape photos work best.',
      done: facts.withPhotos > 0,
      to: finish,
    },
    {
      id: 'payouts',
      label: 'Link your Stripe account',
      hint: 'Guests pay through Privy and Stripe sends the money to you. Listings can be published once it is linked.',
      done: facts.payoutsLinked,
      to: '/manage/stripe-connect',
    },
    {
      id: 'publish',
      label: 'Publish',
      hint: 'Once published, guests nearby can find and book your bathroom.',
      done: facts.published > 0,
      to: facts.draftId ? `/manage/properties/${facts.draftId}` : '/manage/properties',
    },
  ];
}
