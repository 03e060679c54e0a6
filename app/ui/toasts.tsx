import {
  createNotificationsStore,
  type NotificationData,
  notifications,
  notificationsStore,
} from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import {
  BOTTOM_RIGHT_TOAST_GROUP,
  MESSAGE_TOAST_GROUP,
  NOTIFICATION_TOAST_GROUP,
  TOAST_LIFETIME_MS,
  type TOAST_SEVERITIES,
} from '../../common/constants.ts';
import classes from './toasts.module.css';

// Showing a toast needs only the stores; the areas that draw them (toast-areas.tsx) load once the
// page is live.

/** Spec §2: three toast areas — the default one, bottom-right (group br) and top-right (group app-notifications). */
export const bottomRightStore = createNotificationsStore();
export const appNotificationsStore = createNotificationsStore();
/** Spec §9's message-notifications group: new-message alerts, beside app-notifications (ADR 121). */
export const messageAlertsStore = createNotificationsStore();

const STORES = [notificationsStore, bottomRightStore, appNotificationsStore, messageAlertsStore];
const anyToast = () =>
  STORES.some((store) => {
    const { notifications: shown, queue } = store.getState();
    return shown.length > 0 || queue.length > 0;
  });

/**
 * True from the first toast this tab shows (in any of the areas) on: the areas mount then, not on
 * every page load, where most pages never show one (ADR 147). False on the server and at hydration.
 */
export function useToastsShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    const check = () => {
      if (anyToast()) setShown(true);
    };
    const stops = STORES.map((store) => store.subscribe(check));
    check();
    return () => {
      for (const stop of stops) stop();
    };
  }, [shown]);
  return shown;
}

type ToastInput = {
  title: string;
  message: ReactNode;
  autoClose?: number;
  id?: string;
  /** A click anywhere on the toast but its close button (a message alert opens its conversation). */
  onClick?: () => void;
  testId?: string;
};
type ToastGroup = 'br' | 'app-notifications' | 'message-notifications';
export type ToastSeverity = (typeof TOAST_SEVERITIES)[number];

/**
 * The six severities of spec §9 as Mantine colours. Secondary is a quiet grey for news that needs
 * no action; contrast inverts the card (toasts.module.css) for the one thing that must stand out.
 */
const appearance: Record<ToastSeverity, Pick<NotificationData, 'color' | 'classNames'>> = {
  info: { color: 'blue' },
  success: { color: 'teal' },
  warn: { color: 'yellow' },
  error: { color: 'red' },
  secondary: { color: 'gray' },
  contrast: {
    color: 'gray',
    classNames: {
      root: classes.contrastRoot,
      title: classes.contrastTitle,
      description: classes.contrastDescription,
      closeButton: classes.contrastCloseButton,
    },
  },
};

/** The close button (and any link or button inside) keeps its own meaning. */
function clickable(onClick: () => void): Pick<NotificationData, 'onClick' | 'style'> {
  return {
    style: { cursor: 'pointer' },
    onClick: (event) => {
      if ((event.target as Element).closest('button, a')) return;
      onClick();
    },
  };
}

function show(severity: ToastSeverity, input: ToastInput, group?: ToastGroup) {
  const data: NotificationData = {
    title: input.title,
    message: input.message,
    ...appearance[severity],
    autoClose: input.autoClose ?? TOAST_LIFETIME_MS.markReadOrDelete,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    // Tests and styles can tell the severities apart without reading colours.
    'data-severity': severity,
    ...(input.id ? { id: input.id } : {}),
    ...(input.testId ? { 'data-testid': input.testId } : {}),
    ...(input.onClick ? clickable(input.onClick) : {}),
  };
  if (group === BOTTOM_RIGHT_TOAST_GROUP) return notifications.show(data, bottomRightStore);
  if (group === NOTIFICATION_TOAST_GROUP) return notifications.show(data, appNotificationsStore);
  if (group === MESSAGE_TOAST_GROUP) return notifications.show(data, messageAlertsStore);
  return notifications.show(data);
}

const severity =
  (name: ToastSeverity) =>
  (input: ToastInput, group?: ToastGroup): string =>
    show(name, input, group);

/** `toast.success({ title, message })`, and likewise for each of the six severities (spec §9). */
export const toast: Record<ToastSeverity, (input: ToastInput, group?: ToastGroup) => string> = {
  info: severity('info'),
  success: severity('success'),
  warn: severity('warn'),
  error: severity('error'),
  secondary: severity('secondary'),
  contrast: severity('contrast'),
};
