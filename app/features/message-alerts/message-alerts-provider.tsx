import { notifications as toastStore } from '@mantine/notifications';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGE_TOAST_GROUP, TOAST_LIFETIME_MS } from '../../../common/constants.ts';
import { MESSAGE_EVENTS } from '../../../common/messaging.ts';
import type { MessageAlert } from '../../../common/schemas/messages.ts';
import { toast, messageAlertsStore as toastArea } from '../../ui/toasts.tsx';
import { useRealtimeChannel, useRealtimeClient } from '../realtime/realtime-provider.tsx';
import { alertTitle, conversationPath, parseIncomingMessage, toRecentAlert } from './alert-rules.ts';
import { signalAlert } from './alert-signals.ts';
import { cachedPartiesLookup, messageAlertsApi } from './message-alerts-api.ts';
import { publishMessageAlerts } from './message-alerts-context.ts';
import { createMessageAlertsStore } from './message-alerts-store.ts';
import { receiveMessage } from './receive-message.ts';

/**
 * Spec §3/§4 message alerts for the signed-in account `userId`: mounted only while someone is
 * signed in (root.tsx, keyed by the account, loaded lazily beside the page), so signing out
 * unmounts it, which zeroes the count, drops the recent alerts and closes their toasts. Readers
 * get its value through message-alerts-context.ts. ADR 121.
 */
export default function MessageAlertsRunner({ userId }: { userId: string }) {
  const [store] = useState(() =>
    createMessageAlertsStore({ fetchUnreadCount: messageAlertsApi.unreadCount }),
  );
  const [lookupParties] = useState(() => cachedPartiesLookup(messageAlertsApi.parties));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const client = useRealtimeClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;

  // The latest navigate without re-creating the alert function on every render.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [showAlert] = useState(() => (alert: MessageAlert) => {
    const kept = toRecentAlert(alert);
    store.addAlert(alert);
    const to = conversationPath(kept.bookingId);
    const toastId = `message-alert-${kept.id}`;
    const open = () => {
      store.markRead(kept.id);
      toastStore.hide(toastId, toastArea);
    };
    toast.info(
      {
        id: toastId,
        title: alertTitle(kept),
        message: (
          <Link to={to} onClick={open} data-testid="message-alert-link">
            {kept.content}
          </Link>
        ),
        autoClose: TOAST_LIFETIME_MS.messageAlert,
        testId: 'message-alert-toast',
        onClick: () => {
          open();
          void navigateRef.current(to);
        },
      },
      MESSAGE_TOAST_GROUP,
    );
    signalAlert();
  });

  useEffect(() => {
    void store.refreshUnreadCount();
  }, [store]);
  // After a dropped connection, fetch what arrived meanwhile.
  useEffect(() => client?.onReconnect(() => void store.refreshUnreadCount()), [client, store]);
  // Spec §4: on sign-out the count becomes 0 and the recent alerts go, toasts included.
  useEffect(
    () => () => {
      store.reset();
      toastStore.clean(toastArea);
      delete document.documentElement.dataset.messageAlert;
    },
    [store],
  );

  useRealtimeChannel(`user:${userId}`, (event, payload) => {
    if (event === MESSAGE_EVENTS.unread) {
      const count = (payload as { count?: unknown } | null)?.count;
      if (typeof count === 'number') store.setUnreadCount(count);
      else void store.refreshUnreadCount();
      return;
    }
    if (event !== MESSAGE_EVENTS.created) return;
    const incoming = parseIncomingMessage(payload);
    if (!incoming) {
      console.warn('Ignored a message event in an unknown shape', payload);
      return;
    }
    // Spec §4: the count is fetched after each incoming message, shown or skipped.
    void store.refreshUnreadCount();
    void receiveMessage(incoming, {
      viewerId: userId,
      pathname: () => where.current,
      lookupParties,
      alert: showAlert,
    }).then((skipped) => {
      // What became of the last message, on <html data-message-alert="{messageId} {shown|reason}">:
      // a developer (or a browser test) can tell a skipped alert from one that has not arrived yet.
      document.documentElement.dataset.messageAlert = `${incoming.message.id} ${skipped ?? 'shown'}`;
    });
  });

  useEffect(() => {
    publishMessageAlerts({
      ...state,
      markRead: store.markRead,
      clearAll: store.clearAll,
      refreshUnreadCount: store.refreshUnreadCount,
      simulate: (alert: MessageAlert) => {
        showAlert(alert);
        store.setUnreadCount(store.getState().unreadCount + 1);
      },
    });
  }, [state, store, showAlert]);
  useEffect(() => () => publishMessageAlerts(null), []);
  return null;
}
