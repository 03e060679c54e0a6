/** The account checklist on /dashboard: what a new member should do, and where to do it. */
export type ChecklistItem = { id: string; label: string; hint: string; done: boolean; to: string };

export type ChecklistInput = {
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  twoFactorEnabled: boolean;
  hasPhoto: boolean;
  locationCount: number;
};

export function accountChecklist(input: ChecklistInput): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  if (input.email) {
    items.push({
      id: 'verify-email',
      label: 'Verify your email',
      hint: input.emailVerified
        ? `${input.email} is confirmed.`
        : `Open the link we sent to ${input.email}, or ask for a new one.`,
      done: input.emailVerified,
      to: '/profile',
    });
  }
  if (input.phoneNumber) {
    items.push({
      id: 'verify-phone',
      label: 'Verify your phone number',
      hint: input.phoneNumberVerified
        ? `${input.phoneNumber} is confirmed.`
        : 'Enter the 6-digit code we texted you.',
      done: input.phoneNumberVerified,
      to: '/verify-phone',
    });
  }
  items.push(
    {
      id: 'add-photo',
      label: 'Add a profile photo',
      hint: 'Hosts and guests feel safer when they can see who they are meeting.',
      done: input.hasPhoto,
      to: '/profile',
    },
    {
      id: 'add-address',
      label: 'Save an address',
      hint: 'Your default address is where searches start.',
      done: input.locationCount > 0,
      to: '/profile',
    },
    {
      id: 'two-factor',
      label: 'Turn on two-step verification',
      hint: 'A code from your authenticator app keeps your account yours, even if your password leaks.',
      done: input.twoFactorEnabled,
      to: '/profile/security',
    },
  );
  return items;
}
