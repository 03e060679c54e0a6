import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TOASTS } from './notification-toasts.ts';

describe('the notification panel toasts', () => {
  it('use spec §8 words to the character, full stops included', () => {
    expect(NOTIFICATION_TOASTS).toEqual({
      markedRead: { title: 'Success', message: 'Notification marked as read.' },
      markReadFailed: { title: 'Error', message: 'Failed to mark as read.' },
      deleted: { title: 'Success', message: 'Notification deleted.' },
      deleteFailed: { title: 'Error', message: 'Failed to delete notification.' },
      navigationFailed: { title: 'Navigation Error', message: 'Could not navigate to the requested page.' },
    });
  });
});
