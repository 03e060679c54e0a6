/**
 * The panel's toasts for marking read and deleting, in spec §8's words to the character (full
 * stops included): the titles Success and Error, and the message under each.
 */
export const NOTIFICATION_TOASTS = {
  markedRead: { title: 'Success', message: 'Notification marked as read.' },
  markReadFailed: { title: 'Error', message: 'Failed to mark as read.' },
  deleted: { title: 'Success', message: 'Notification deleted.' },
  deleteFailed: { title: 'Error', message: 'Failed to delete notification.' },
  navigationFailed: { title: 'Navigation Error', message: 'Could not navigate to the requested page.' },
} as const;
