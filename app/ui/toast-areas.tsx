import { Button } from '@mantine/core';
import { Notifications, useNotifications } from '@mantine/notifications';
import { TOAST_Z_INDEX } from '../../common/constants.ts';
import { appNotificationsStore, bottomRightStore } from './toasts.tsx';

/*
 * The toast areas, loaded after hydration (root.tsx): they draw nothing until a toast shows, and
 * Mantine's notifications with their transitions are a tenth of the home page's JavaScript. A toast
 * shown before they mount waits in its store and appears when they do.
 */

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

export default function ToastAreas() {
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
