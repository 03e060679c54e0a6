import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCoin,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconShield,
} from '@tabler/icons-react';
import { Form, Link } from 'react-router';
import { MessagesLink } from '../features/message-alerts/messages-link.tsx';
import { NotificationBell } from '../features/notifications/notification-panel.tsx';
import { type ClientViewer, displayName } from '../lib/viewer.ts';

/** The header's messages link, notification bell and account menu, for a signed-in viewer (site-header.tsx). */
export default function AccountActions({ viewer }: { viewer: ClientViewer }) {
  return (
    <>
      <MessagesLink />
      <NotificationBell />
      <Menu position="bottom-end" withinPortal shadow="md" width={220}>
        <Menu.Target>
          <UnstyledButton aria-label="Account menu" data-testid="avatar-menu">
            <Avatar
              src={viewer.profile.profile_picture_url}
              alt={displayName(viewer)}
              radius="xl"
              color="teal"
            >
              {displayName(viewer).slice(0, 1).toUpperCase()}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{displayName(viewer)}</Menu.Label>
          <Menu.Item component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={16} />}>
            Dashboard
          </Menu.Item>
          <Menu.Item component={Link} to="/bookings" leftSection={<IconCalendarEvent size={16} />}>
            Your bookings
          </Menu.Item>
          {viewer.profile.is_provider && (
            <Menu.Item component={Link} to="/earnings" leftSection={<IconCoin size={16} />}>
              Earnings
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/profile" leftSection={<IconSettings size={16} />}>
            Profile and security
          </Menu.Item>
          {viewer.profile.is_admin && (
            <Menu.Item component={Link} to="/admin" leftSection={<IconShield size={16} />}>
              Admin
            </Menu.Item>
          )}
          <Menu.Divider />
          <Form method="post" action="/logout">
            <Menu.Item component="button" type="submit" leftSection={<IconLogout size={16} />}>
              Sign out
            </Menu.Item>
          </Form>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
