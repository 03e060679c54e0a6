// The titles live beside the type list in common/, where the server's emails read them too.
export { notificationTitle } from '../../../common/notification-titles.ts';
