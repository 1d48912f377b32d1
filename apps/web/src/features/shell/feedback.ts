import { Message, Modal, Notification } from '@arco-design/web-react';

/**
 * Arco's toasts and dialogs, in their own chunk: the login page draws none of Arco, so the request layer and the
 * signed-out pages fetch these the first time they show one (toasts.ts) rather than with the first page.
 */
export { Message, Modal, Notification };
