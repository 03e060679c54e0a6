import { createNotificationsStore, type NotificationData, notifications } from '@mantine/notifications';
import {
  BOTTOM_RIGHT_TOAST_GROUP,
  NOTIFICATION_TOAST_GROUP,
  TOAST_LIFETIME_MS,
} from '../../common/constants.ts';

// Showing a toast needs only the stores; the areas that draw them (toast-areas.tsx) load once the
// page is live.

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
