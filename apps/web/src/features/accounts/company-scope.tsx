import { useState } from 'react';
import { useUser } from '../../store/user.ts';
import { CompanyPicker } from './CompanyPicker.tsx';

/**
 * Whose rows a management page shows. Provider staff (DEV) pick any company (their own first) and the list
 * asks for it (`query`); every other role sees its own company, fixed by the server.
 */
export function useCompanyScope() {
  const me = useUser((s) => s.user);
  const isDev = me?.authLevel === 'DEV';
  const [companyId, setCompanyId] = useState(me?.customerID ?? '');
  return { me, isDev, companyId, setCompanyId, query: isDev ? { companyId } : {} };
}

/** The company picker of a scoped list, for DEV only; picking another company goes back to page 1. */
export function CompanyScopePicker(props: { scope: ReturnType<typeof useCompanyScope>; list: { firstPage(): void }; testId: string }) {
  const { scope, list } = props;
  if (!scope.isDev) return null;
  return (
    <CompanyPicker
      value={scope.companyId}
      testId={props.testId}
      onChange={(next) => {
        scope.setCompanyId(next);
        list.firstPage();
      }}
    />
  );
}
