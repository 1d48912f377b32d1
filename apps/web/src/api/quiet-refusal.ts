import { RequestFailure } from './client.ts';

/**
 * For a confirm button that awaits its action (Arco's Popconfirm `onOk`): Arco logs a rejected promise with
 * `console.error`, a stack trace in the console for an ordinary refusal such as deleting a voice still in use
 * (409). A RequestFailure has already been shown to the user by the request layer, so it settles quietly and the
 * confirm closes; any other error is a bug and still surfaces.
 */
export async function quietRefusal(action: Promise<unknown>): Promise<void> {
  try {
    await action;
  } catch (error) {
    if (!(error instanceof RequestFailure)) throw error;
  }
}
