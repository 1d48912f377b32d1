import type { AxiosProgressEvent } from 'axios';
import {
  UPLOAD_CONTENT_TYPE,
  UPLOAD_FILENAME_HEADER,
  type PendingSubtaskQuery,
  type UploadProgress,
  type UploadResult,
  subtaskEndpoints,
} from '@dialwise/contracts';
import { api } from '../../api/client.ts';
import { uploadHttp } from '../../api/upload-http.ts';
import { splitNdjson } from './ndjson.ts';

export const subtaskKeys = {
  pending: (query: PendingSubtaskQuery) => ['subtasks', 'pending', query] as const,
};

export const listPendingSubtasks = async (query: PendingSubtaskQuery) => api(subtaskEndpoints.pending, query);

export interface UploadCallbacks {
  signal: AbortSignal;
  /** Bytes of the file handed to the network so far. */
  onSent(sent: number, total: number): void;
  /** A progress line from the server (rows processed, committing). */
  onProgress(progress: UploadProgress): void;
}

/**
 * Sends the file as the raw request body (no multipart buffer) and reads the server's NDJSON answer as it
 * arrives: progress lines go to `onProgress`; the last line is the envelope, which the request layer
 * classifies like any other answer (errors are shown and rejected there).
 */
export async function uploadSubtasks(taskId: string, file: File, callbacks: UploadCallbacks): Promise<UploadResult> {
  let consumed = 0;
  const readLines = (text: string) => {
    const { lines, rest } = splitNdjson(text.slice(consumed));
    consumed = text.length - rest.length;
    for (const line of lines) if ('progress' in line) callbacks.onProgress(line.progress as UploadProgress);
  };
  const response = await uploadHttp.post<{ data: UploadResult }>(subtaskEndpoints.upload.path, file, {
    params: { taskId },
    headers: { 'Content-Type': UPLOAD_CONTENT_TYPE, [UPLOAD_FILENAME_HEADER]: encodeURIComponent(file.name) },
    signal: callbacks.signal,
    timeout: 0,
    responseType: 'text',
    // The last line is the envelope; hand it to the request layer as the body.
    transformResponse: [
      (text: unknown) => {
        const { lines } = splitNdjson(`${String(text ?? '')}\n`);
        return lines.at(-1) ?? null;
      },
    ],
    onUploadProgress: (event: AxiosProgressEvent) => callbacks.onSent(event.loaded, event.total ?? file.size),
    onDownloadProgress: (event: AxiosProgressEvent) => {
      const target = (event.event as ProgressEvent<XMLHttpRequest> | undefined)?.target;
      if (target && typeof target.responseText === 'string') readLines(target.responseText);
    },
  });
  return response.data.data;
}
