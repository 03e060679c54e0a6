import { cleanNotifications, type NotificationData, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_SEVERITIES } from '../../common/constants.ts';
import { appNotificationsStore, bottomRightStore, messageAlertsStore, toast } from './toasts.tsx';

/** On screen, then waiting their turn (Mantine shows five at a time). */
const shown = (): NotificationData[] => {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue];
};

afterEach(() => {
  for (const store of [notificationsStore, bottomRightStore, appNotificationsStore, messageAlertsStore])
    cleanNotifications(store);
});

describe('toasts', () => {
  it('offer every severity of spec §9 and no other', () => {
    expect(Object.keys(toast).sort()).toEqual([...TOAST_SEVERITIES].sort());
    expect(TOAST_SEVERITIES).toEqual(['info', 'success', 'warn', 'error', 'secondary', 'contrast']);
  });

  it('draw each severity its own way', () => {
    for (const severity of TOAST_SEVERITIES)
      toast[severity]({ title: severity, message: `A ${severity} toast` });
    const looks = shown().map((item) => ({
      severity: item['data-severity'],
      color: item.color,
      root: (item.classNames as Record<string, string> | undefined)?.root ?? null,
    }));
    expect(looks.map((look) => look.severity)).toEqual([...TOAST_SEVERITIES]);
    const distinct = new Set(looks.map((look) => `${look.color}|${look.root}`));
    expect(distinct.size).toBe(TOAST_SEVERITIES.length);
  });

  it('draw secondary in grey and contrast inverted, with the title and words given', () => {
    toast.secondary({ title: 'Heads up', message: 'Nothing to do.' });
    toast.contrast({ title: 'Look here', message: 'This stands out.' });
    const [secondary, contrast] = shown();
    expect(secondary).toMatchObject({ color: 'gray', title: 'Heads up', message: 'Nothing to do.' });
    expect(secondary?.classNames).toBeUndefined();
    expect(contrast).toMatchObject({ title: 'Look here', message: 'This stands out.' });
    expect(contrast?.classNames).toEqual({
      root: expect.stringContaining('contrastRoot'),
      title: expect.stringContaining('contrastTitle'),
      description: expect.stringContaining('contrastDescription'),
      closeButton: expect.stringContaining('contrastCloseButton'),
    });
  });

  it('go to the area of the group asked for', () => {
    toast.contrast({ title: 'Bottom right', message: 'In group br.' }, 'br');
    toast.secondary({ title: 'Top right', message: 'In group app-notifications.' }, 'app-notifications');
    expect(shown()).toHaveLength(0);
    expect(bottomRightStore.getState().notifications.map((item) => item.title)).toEqual(['Bottom right']);
    expect(appNotificationsStore.getState().notifications.map((item) => item.title)).toEqual(['Top right']);
  });

  it('put message alerts in their own group, clickable anywhere but the close button', () => {
    let opened = 0;
    toast.info(
      { title: '💬 Gina', message: 'On my way', autoClose: 6000, onClick: () => (opened += 1) },
      'message-notifications',
    );
    expect(shown()).toHaveLength(0);
    const [alert] = messageAlertsStore.getState().notifications;
    expect(alert).toMatchObject({ title: '💬 Gina', autoClose: 6000, withCloseButton: true, color: 'blue' });
    const click = (target: Element) =>
      alert?.onClick?.({ target } as unknown as Parameters<NonNullable<NotificationData['onClick']>>[0]);
    const closest = (matches: boolean) => ({ closest: () => (matches ? {} : null) }) as unknown as Element;
    click(closest(false));
    expect(opened).toBe(1);
    click(closest(true));
    expect(opened).toBe(1);
  });
});
