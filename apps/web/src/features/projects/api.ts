import type { Page, Project, ProjectInput, ProjectOperatorOption, ProjectQuery, ProjectUpdate } from '@dialwise/contracts';
import { post } from '../../api/client.ts';

export const projectKeys = {
  all: ['projects'] as const,
  list: (query: ProjectQuery) => ['projects', 'list', query] as const,
  one: (id: string) => ['projects', 'one', id] as const,
  operators: ['projects', 'operators'] as const,
};

export const listProjects = async (query: ProjectQuery) => (await post<Page<Project>>('/api/projects/list', query)).data;
/** For pages that stand on a project from the URL: a refusal is theirs to show (ProjectNotFound), without a toast. */
export const getProjectOfPage = async (id: string) => (await post<Project>('/api/projects/get', { id }, { quiet: true })).data;
export const createProject = async (input: ProjectInput) => (await post<Project>('/api/projects/create', input)).data;
export const updateProject = async (input: ProjectUpdate) => (await post<Project>('/api/projects/update', input)).data;
export const deleteProject = async (id: string) => {
  await post<null>('/api/projects/delete', { id });
};
/** The company's agents, for the Operators select. */
export const listOperatorOptions = async () => (await post<ProjectOperatorOption[]>('/api/projects/operators')).data;
/** An agent's own projects (`/projectOp/index`). */
export const listMyProjects = async (query: ProjectQuery) => (await post<Page<Project>>('/api/projects/mine', query)).data;
