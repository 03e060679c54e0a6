import { Button, Stack } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconKey } from '@tabler/icons-react';
import { Form, useNavigation } from 'react-router';
import type { SignInProviderId } from '../../../server/sign-in-provider-config.ts';

export type SignInProvider = { id: SignInProviderId; name: string };

const ICONS = { google: IconBrandGoogle, apple: IconBrandApple, oidc: IconKey } as const;

/**
 * "Continue with …" for each configured outside provider (ADR 143). A plain form post to the
 * sign-in page's action, which answers with a redirect to the provider: it works before scripts.
 */
export function ProviderButtons({ providers }: { providers: SignInProvider[] }) {
  const navigation = useNavigation();
  if (!providers.length) return null;
  const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'provider';
  const chosen = pending ? navigation.formData?.get('provider') : null;
  return (
    <Form method="post" action="/login" data-testid="provider-buttons">
      <input type="hidden" name="intent" value="provider" />
      <Stack gap="sm">
        {providers.map((provider) => {
          const Icon = ICONS[provider.id];
          return (
            <Button
              key={provider.id}
              type="submit"
              name="provider"
              value={provider.id}
              variant="default"
              size="md"
              fullWidth
              loading={chosen === provider.id}
              leftSection={<Icon size={18} aria-hidden="true" />}
            >
              Continue with {provider.name}
            </Button>
          );
        })}
      </Stack>
    </Form>
  );
}
