import type { Viewer } from '../../server/domains/auth/auth-service.ts';

/** What the browser learns about the signed-in user: no secrets, dates as ISO strings. */
export type ClientViewer = {
  id: string;
  /**
   * The session's id (not its token, which only the cookie carries): the live connection reopens
   * when it changes for the same account (realtime-provider.tsx).
   */
  sessionId: string;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  twoFactorEnabled: boolean;
  profile: {
    id: string;
    first_name: string;
    last_name: string;
    profile_picture_url: string | null;
    is_provider: boolean;
    is_stripe_connected: boolean;
    stripe_connect_id: string | null;
    is_admin: boolean;
    is_deleted: boolean;
    is_active: boolean;
    locations: Viewer['profile']['locations'];
    created_at: string;
  };
};

export function toClientViewer(viewer: Viewer | null): ClientViewer | null {
  if (!viewer) return null;
  const p = viewer.profile;
  return {
    id: viewer.userId,
    sessionId: viewer.sessionId,
    email: viewer.email,
    emailVerified: viewer.emailVerified,
    phoneNumber: viewer.phoneNumber,
    phoneNumberVerified: viewer.phoneNumberVerified,
    twoFactorEnabled: viewer.twoFactorEnabled,
    profile: {
      id: p.id,
      first_name: p.first_name,
      last_name: p.last_name,
      profile_picture_url: p.profile_picture_url,
      is_provider: p.is_provider,
      is_stripe_connected: p.is_stripe_connected,
      stripe_connect_id: p.stripe_connect_id,
      is_admin: p.is_admin,
      is_deleted: p.is_deleted,
      is_active: p.is_active,
      locations: p.locations,
      created_at: new Date(p.created_at).toISOString(),
    },
  };
}

export function displayName(viewer: Pick<ClientViewer, 'profile' | 'email' | 'phoneNumber'>): string {
  const name = [viewer.profile.first_name, viewer.profile.last_name].filter(Boolean).join(' ').trim();
  return name || viewer.email || viewer.phoneNumber || 'User';
}
