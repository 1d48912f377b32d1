import { z } from 'zod';
import { MENU_GROUPS } from './routes.ts';
import { companyFeatureSchema } from './company-features.ts';

/** The wire shape of a route-table entry, as `/api/user/menu` answers it. */
export const routeMetaSchema = z.object({
  locale: z.string(),
  requiresAuth: z.boolean(),
  roles: z
    .array(z.enum(['ADMIN', 'DEV', 'OPR', '*']))
    .readonly()
    .optional(),
  hideInMenu: z.boolean().optional(),
  ignoreCache: z.boolean().optional(),
  activeMenu: z.string().optional(),
  icon: z.string().optional(),
  group: z.enum(MENU_GROUPS).optional(),
  noTab: z.boolean().optional(),
  feature: companyFeatureSchema.optional(),
});

/**
 * Recursive (children are routes), so it is registered under an id: the OpenAPI document then refers to
 * one `components.schemas.AppRoute` instead of an anonymous definition it cannot place.
 */
export const appRouteSchema = z
  .object({
    name: z.string(),
    path: z.string(),
    redirect: z.string().optional(),
    meta: routeMetaSchema,
    get children() {
      return z.array(appRouteSchema).readonly().optional();
    },
  })
  .meta({ id: 'AppRoute' });
