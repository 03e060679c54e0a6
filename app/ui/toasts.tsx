import { Button } from '@mantine/core';
import {
  createNotificationsStore,
  type NotificationData,
  Notifications,
  notifications,
  useNotifications,
} from '@mantine/notifications';
import {
  BOTTOM_RIGHT_TOAST_GROUP,
  NOTIFICATION_TOAST_GROUP,
  TOAST_LIFETIME_MS,
  TOAST_Z_INDEX,
} from '../../common/constants.ts';

/** Spec §2: three toast areas — the default one, bottom-right (group br) and top-right (group app-notifications). */
export const bottomRightStore = createNotificationsStore();
export const appNotificationsStore = createNotificationsStore();

type ToastInput = { title: string; message: string; autoClose?: number; id?: string };

const colorFor = { success: 'teal', error: 'red', info: 'blue', warn: 'yellow' } as const;

function show(severity: keyof typeof colorFor, input: ToastInput, group?: 'br' | 'app-notifications') {
  const data: NotificationData = {
    title: input.title,
    message: input.message,
    color: colorFor[severity],
    autoClose: input.autoClose ?? TOAST_LIFETIME_MS.markReadOrDelete,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    ...(input.id ? { id: input.id } : {}),
  };
  if (group === BOTTOM_RIGHT_TOAST_GROUP) return notifications.show(data, bottomRightStore);
  if (group === NOTIFICATION_TOAST_GROUP) return notifications.show(data, appNotificationsStore);
  return notifications.show(data);
}

export const toast = {
  success: (input: ToastInput, group?: 'br' | 'app-notifications') => show('success', input, group),
  error: (input: ToastInput, group?: 'br' | 'app-notifications') => show('error', input, group),
  info: (input: ToastInput, group?: 'br' | 'app-notifications') => show('info', input, group),
  warn: (input: ToastInput, group?: 'br' | 'app-notifications') => show('warn', input, group),
};

function RefreshButton() {
  const state = useNotifications(appNotificationsStore);
  if (state.notifications.length === 0) return null;
  return (
    <Button
      size="xs"
      variant="default"
      onClick={() => window.location.reload()}
      style={{ position: 'fixed', top: 8, right: 16, zIndex: TOAST_Z_INDEX + 1 }}
    >
      Refresh
    </Button>
  );
}

export function ToastAreas() {
  return (
    <>
      <Notifications position="top-center" zIndex={TOAST_Z_INDEX} />
      <Notifications store={bottomRightStore} position="bottom-right" zIndex={TOAST_Z_INDEX} />
      <Notifications
        store={appNotificationsStore}
        position="top-right"
        zIndex={TOAST_Z_INDEX}
        // Mantine renders a container for every position and applies this style to all of them:
        // without bottom: auto the empty bottom ones stretch from 48px to the bottom of the screen
        // and swallow clicks on the page underneath.
        style={{ top: 48, bottom: 'auto' }}
      />
      <RefreshButton />
    </>
  );
}
