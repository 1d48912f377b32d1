import type { Page, Tag, TagInput, TagQuery, TagUpdateInput } from '@dialwise/contracts';
import { tagEndpoints } from '@dialwise/contracts';
import { api } from '../../../api/client.ts';

export const tagsKey = ['operation', 'tags'] as const;

export async function listTags(query: Partial<TagQuery>): Promise<Page<Tag>> {
  return api(tagEndpoints.list, query);
}
export async function getTag(id: string): Promise<Tag> {
  return api(tagEndpoints.get, { id });
}
export async function createTag(input: TagInput): Promise<Tag> {
  return api(tagEndpoints.create, input);
}
export async function updateTag(input: TagUpdateInput): Promise<Tag> {
  return api(tagEndpoints.update, input);
}
export async function deleteTag(id: string): Promise<void> {
  await api(tagEndpoints.delete, { id });
}
