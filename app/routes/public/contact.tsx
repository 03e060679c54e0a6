import { Alert, Anchor, Grid, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMessage, IconShieldCheck, IconUrgent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ContactForm } from '../../features/contact/contact-form.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { PageIntro } from '../../features/marketing/page-intro.tsx';
import { servicesContext } from '../../lib/context.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/contact';
import { contactAction } from './contact.server.ts';

export const action = (args: Route.ActionArgs) => contactAction(args);

export function loader({ context }: Route.LoaderArgs) {
  return { contactEmail: context.get(servicesContext).config.contactEmail };
}

export function meta() {
  return pageMeta(
    'Contact us',
    'Write to the Privy team about a booking, hosting, your account or anything else. A person reads every message and replies by email.',
  );
}

function Way({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof IconMail;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="md" style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <ThemeIcon size={32} radius="md" variant="light" aria-hidden="true">
          <Icon size={18} />
        </ThemeIcon>
        {title}
      </Title>
      <Text size="sm" lh={1.6}>
        {children}
      </Text>
    </Stack>
  );
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const viewer = useRootData()?.viewer ?? null;
  const name = viewer ? [viewer.profile.first_name, viewer.profile.last_name].filter(Boolean).join(' ') : '';
  return (
    <>
      <PageIntro
        eyebrow="Contact"
        title="Write to us"
        lead="Questions about a booking, hosting, your account or anything else: a person on the Privy team reads every message and replies by email, usually within one business day."
      />
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Title order={2} fz="h3" mb="md">
            Send us a message
          </Title>
          <ContactForm initialName={name} initialEmail={viewer?.email ?? ''} posted={actionData} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Alert
              color="red"
              variant="light"
              icon={<IconUrgent size={20} aria-hidden="true" />}
              title="In an emergency, call 911"
            >
              If someone is hurt or in danger, call 911 first. This form is not watched around the clock.
            </Alert>
            <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="other-ways">
              <Title order={2} id="other-ways" fz="h4" mb="md">
                Other ways to reach us
              </Title>
              <Stack gap="lg">
                <Way icon={IconMail} title="Email">
                  Write to{' '}
                  <Anchor href={`mailto:${loaderData.contactEmail}`} data-testid="contact-email">
                    {loaderData.contactEmail}
                  </Anchor>
                  . Use the address or phone number on your Privy account if your message is about it.
                </Way>
                <Way icon={IconMessage} title="About a booking">
                  Write to us with the booking&apos;s date and time. While a booking is still on, we can
                  cancel it with a full refund if something is wrong.
                </Way>
                <Way icon={IconShieldCheck} title="Safety and reports">
                  See{' '}
                  <Anchor component={Link} to="/safety#reporting">
                    how to report a problem
                  </Anchor>
                  . Safety reports are read first.
                </Way>
              </Stack>
            </Paper>
            <Text size="sm" c="dimmed">
              Many answers are already written down:{' '}
              <Anchor component={Link} to="/how-it-works">
                How it works
              </Anchor>
              ,{' '}
              <Anchor component={Link} to="/terms#cancellations">
                cancellations and refunds
              </Anchor>{' '}
              and{' '}
              <Anchor component={Link} to="/privacy-policy">
                your privacy
              </Anchor>
              .
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
