import type { ProjectInput, ProjectQuery, ProjectUpdate } from '@dialwise/contracts';
import { projectEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export const projectKeys = {
  all: ['projects'] as const,
  list: (query: ProjectQuery) => ['projects', 'list', query] as const,
  one: (id: string) => ['projects', 'one', id] as const,
  operators: ['projects', 'operators'] as const,
};

export const listProjects = async (query: ProjectQuery) => api(projectEndpoints.list, query);
export const getProject = async (id: string) => api(projectEndpoints.get, { id });
/** For pages that stand on a project from the URL: a refusal is theirs to show (ProjectNotFound), without a toast. */
export const getProjectOfPage = async (id: string) => api(projectEndpoints.get, { id }, { quiet: true });
export const createProject = async (input: ProjectInput) => api(projectEndpoints.create, input);
export const updateProject = async (input: ProjectUpdate) => api(projectEndpoints.update, input);
export const deleteProject = async (id: string) => {
  await api(projectEndpoints.delete, { id });
};
/** The company's agents, for the Operators select. */
export const listOperatorOptions = async () => api(projectEndpoints.operators);
/** An agent's own projects (`/projectOp/index`). */
export const listMyProjects = async (query: ProjectQuery) => api(projectEndpoints.mine, query);
