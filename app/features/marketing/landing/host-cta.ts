import { useRootData } from '../../../root.tsx';

/**
 * Where "start hosting" leads for this visitor: a host goes straight to adding a bathroom, anyone
 * else to the request to become one (which asks a signed-out visitor to sign in first).
 */
export function useHostCta(): { to: string; label: string } {
  const viewer = useRootData()?.viewer ?? null;
  if (viewer?.profile.is_provider) return { to: '/manage/add-property', label: 'Add your bathroom' };
  return { to: '/become-a-provider', label: 'Apply to host' };
}
