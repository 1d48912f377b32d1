import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';

/**
 * The navbar's message box (`/api/message/*`). Each message belongs to one user
 * (a product event is fanned out to the users it concerns when it happens), so "read" is that user's own.
 * Title and content are stored as message keys with parameters and rendered in the reader's language.
 */
export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** What produced a message: the product's events, and announcements written by the provider or the demo. */
export const MESSAGE_KINDS = [
  'taskCompleted',
  'taskPaused',
  'uploadFinished',
  'uploadFailed',
  'seatDisconnected',
  'approvalRequested',
  'announcement',
] as const;
export const messageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKindSchema>;

/** 0 unread, 1 read (it only moves 0 → 1). */
export const messageStatusSchema = z.union([z.literal(0), z.literal(1)]);

export const messageSchema = z.object({
  id: z.string(),
  type: messageTypeSchema,
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  content: z.string(),
  time: isoDateTime,
  status: messageStatusSchema,
  messageType: messageKindSchema,
  /** A console path the message points at (the task list of the task it is about), or null. */
  link: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const MESSAGE_LIST_MAX = 100;
export const messageListQuerySchema = z.object({
  type: messageTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_LIST_MAX).default(50),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageUnreadSchema = z.object({ message: z.number().int(), notice: z.number().int(), todo: z.number().int() });
export type MessageUnread = z.infer<typeof messageUnreadSchema>;

export const messageReadSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'v.id' }))
    .min(1, { error: 'v.required' })
    .max(MESSAGE_LIST_MAX, { error: 'v.tooLong' }),
});
export type MessageRead = z.infer<typeof messageReadSchema>;

export const messageReadAllSchema = z.object({ type: messageTypeSchema.optional() });
export type MessageReadAll = z.infer<typeof messageReadAllSchema>;
