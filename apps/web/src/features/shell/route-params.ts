import { createContext, useContext } from 'react';

/** The matched route's name and path parameters, for pages rendered by the shell (kept alive by tabs). */
export interface PageRoute {
  name: string;
  titleKey: string;
  params: Record<string, string>;
}

export const PageRouteContext = createContext<PageRoute>({ name: '', titleKey: '', params: {} });

export function usePageRoute(): PageRoute {
  return useContext(PageRouteContext);
}
