import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyOption } from '@dialwise/contracts';
import { listManagedCompanies } from './api.ts';

/**
 * Provider staff (DEV) manage any company's accounts and SIP lines: this picks the company, their own by
 * default. Other roles never see it (their company is fixed by the server).
 */
export function CompanyPicker({
  value,
  onChange,
  testId,
  note,
}: {
  value: string;
  onChange(companyId: string): void;
  testId: string;
  /** A word after a company's name (a page's feature it lacks). */
  note?: (company: CompanyOption) => string | null;
}) {
  const { t } = useTranslation();
  const companies = useQuery({ queryKey: ['managed-companies'], queryFn: listManagedCompanies, staleTime: 60_000 });
  return (
    <div className="company-picker">
      <span className="company-picker-label">{t('accounts.company')}</span>
      <Select
        data-testid={testId}
        style={{ width: 240 }}
        value={value}
        loading={companies.isLoading}
        onChange={(next: string) => onChange(next)}
        showSearch
        filterOption={(input, option) =>
          String((option as { props?: { extra?: string } })?.props?.extra ?? '')
            .toLowerCase()
            .includes(input.toLowerCase())
        }
      >
        {(companies.data ?? []).map((company) => (
          <Select.Option key={company.id} value={company.id} extra={company.name}>
            {company.name}
            {company.isProvider && <span className="company-picker-note"> · {t('accounts.company.provider')}</span>}
            {company.state === 'deleted' && <span className="company-picker-note"> · {t('accounts.company.deleted')}</span>}
            {note?.(company) && <span className="company-picker-note"> · {note(company)}</span>}
          </Select.Option>
        ))}
      </Select>
    </div>
  );
}
