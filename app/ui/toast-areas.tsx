import { Button } from '@mantine/core';
import { Notifications, useNotifications } from '@mantine/notifications';
import { TOAST_Z_INDEX } from '../../common/constants.ts';
import classes from './toasts.module.css';
import { appNotificationsStore, bottomRightStore, messageAlertsStore } from './toasts.tsx';

/*
 * The toast areas, loaded after hydration (root.tsx): they draw nothing until a toast shows, and
 * Mantine's notifications with their transitions are a tenth of the home page's JavaScript. A toast
 * shown before they mount waits in its store and appears when they do.
 */

/**
 * Spec §2's top-right group app-notifications and its Refresh button, in one box placed clear of
 * the header and the page's inputs (toasts.module.css, ADR 114). New-message alerts (spec §9's
 * group message-notifications) stack above them in the same box, so the two never overlap and the
 * Refresh button stays with the notifications it is for (ADR 121).
 */
function AppNotificationsGroup() {
  const state = useNotifications(appNotificationsStore);
  return (
    <div className={classes.appGroup} style={{ zIndex: TOAST_Z_INDEX }} data-testid="app-notifications-group">
      <Notifications
        store={messageAlertsStore}
        position="top-right"
        zIndex={TOAST_Z_INDEX}
        withinPortal={false}
        classNames={{ root: classes.appNotifications }}
        data-testid="message-notifications-group"
      />
      {state.notifications.length > 0 && (
        <Button
          size="xs"
          variant="default"
          className={classes.refresh}
          onClick={() => window.location.reload()}
        >
          Refresh
        </Button>
      )}
      <Notifications
        store={appNotificationsStore}
        position="top-right"
        zIndex={TOAST_Z_INDEX}
        withinPortal={false}
        classNames={{ root: classes.appNotifications }}
      />
    </div>
  );
}

export default function ToastAreas() {
  return (
    <>
      <Notifications
        position="top-center"
        zIndex={TOAST_Z_INDEX}
        classNames={{ root: classes.belowHeader }}
      />
      <Notifications store={bottomRightStore} position="bottom-right" zIndex={TOAST_Z_INDEX} />
      <AppNotificationsGroup />
    </>
  );
}
