import type { Page, Tag, TagInput, TagQuery, TagUpdateInput } from '@dialwise/contracts';
import { post } from '../../../api/client.ts';

const base = '/api/operation/tags';

export const tagsKey = ['operation', 'tags'] as const;

export async function listTags(query: Partial<TagQuery>): Promise<Page<Tag>> {
  return (await post<Page<Tag>>(`${base}/list`, query)).data;
}
export async function getTag(id: string): Promise<Tag> {
  return (await post<Tag>(`${base}/get`, { id })).data;
}
export async function createTag(input: TagInput): Promise<Tag> {
  return (await post<Tag>(`${base}/create`, input)).data;
}
export async function updateTag(input: TagUpdateInput): Promise<Tag> {
  return (await post<Tag>(`${base}/update`, input)).data;
}
export async function deleteTag(id: string): Promise<void> {
  await post<null>(`${base}/delete`, { id });
}
