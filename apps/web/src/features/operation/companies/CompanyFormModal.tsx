import { Form, Input, InputTag, Message, Select } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  companyCreateSchema,
  defaultAdminUsername,
  type CompanyCreateInput,
  type CompanyCreated,
  type CompanyListItem,
} from '@dialwise/contracts';
import { fieldRule } from '../../../forms/zod-rules.ts';
import { checkFormInput } from '../../../forms/check-form.ts';
import { currentLocale } from '../../../locale/index.ts';
import { createCompanyFromRequest } from '../../access-requests/api.ts';
import { useStaleEdit } from '../../../forms/stale-edit.tsx';
import { FormModal, useFormFill, useFormSave } from '../../../forms/form-modal.tsx';
import { createCompany, getCompany, updateCompany } from './api.ts';

/** A create may come from a request for an account: its fields start from the request, and saving closes it. */
export interface CompanyRequest {
  id: string;
  name: string;
  adminEmail: string;
}
type Editing = { mode: 'create'; request?: CompanyRequest } | { mode: 'edit'; company: CompanyListItem } | null;

/** IANA zones this browser knows, plus UTC and the zone being edited (a list may lack either). */
function timeZones(current?: string): string[] {
  const zones = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort();
}

/** Add or edit a company. Adding also creates its first ADMIN; the answer carries that account's one-time password. */
export function CompanyFormModal({
  editing,
  onClose,
  onCreated,
  onSaved,
}: {
  editing: Editing;
  onClose(): void;
  onCreated(answer: CompanyCreated): void;
  onSaved(company: CompanyListItem): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompanyCreateInput>();
  const locale = currentLocale();
  const rule = (field: keyof CompanyCreateInput) => [fieldRule(companyCreateSchema, field, locale)];
  const suffix = Form.useWatch('suffix', form) as string | undefined;
  const edit = useStaleEdit(editing?.mode === 'edit' ? editing.company : null, (c) => getCompany(c.id));
  const editingCompany = edit.entity;
  const zones = useMemo(() => timeZones(editingCompany?.timezone), [editingCompany]);

  useFormFill(form, editing, editingCompany, (company) => {
    if (company)
      return {
        name: company.name,
        suffix: company.suffix,
        adminEmail: company.adminEmail,
        timezone: company.timezone,
        quietDays: company.quietDays,
      };
    if (editing?.mode !== 'create' || !editing.request) return null;
    // The company form refuses spaces in a name and anything but letters and digits in a suffix.
    const name = editing.request.name.replace(/\s+/g, '');
    return { name, suffix: name.replace(/[^A-Za-z0-9]/g, '').toLowerCase(), adminEmail: editing.request.adminEmail, quietDays: [] };
  });

  const save = useFormSave({
    form,
    edit,
    check: () =>
      checkFormInput(form, companyCreateSchema, locale, (values) => ({
        ...values,
        timezone: values.timezone || undefined,
        adminUsername: values.adminUsername || undefined,
        quietDays: values.quietDays ?? [],
      })),
    save: async (input: CompanyCreateInput): Promise<{ edited: CompanyListItem } | { created: CompanyCreated }> => {
      if (editingCompany) {
        const { adminUsername: _unused, ...fields } = input;
        return { edited: await updateCompany({ ...fields, id: editingCompany.id, version: editingCompany.version }) };
      }
      const request = editing?.mode === 'create' ? editing.request : undefined;
      return { created: await (request ? createCompanyFromRequest({ ...input, id: request.id }) : createCompany(input)) };
    },
    onSaved: (answer) => {
      if ('created' in answer) return onCreated(answer.created);
      Message.success(t('companies.saved', { name: answer.edited.name }));
      onSaved(answer.edited);
    },
  });
  return (
    <FormModal
      title={editingCompany ? t('companies.form.editTitle', { name: editingCompany.name }) : t('companies.form.createTitle')}
      visible={editing !== null}
      onClose={onClose}
      save={save}
      submitTestId="company-form-submit"
      formTestId="company-form"
      width={560}
    >
      <Form.Item field="name" label={t('companies.form.name')} rules={rule('name')} required>
        <Input placeholder={t('companies.form.namePlaceholder')} maxLength={100} data-testid="company-form-name" />
      </Form.Item>
      <Form.Item
        field="suffix"
        label={t('companies.form.suffix')}
        rules={rule('suffix')}
        required
        extra={editingCompany ? t('companies.form.suffixEditHelp') : undefined}
      >
        <Input placeholder={t('companies.form.suffixPlaceholder')} maxLength={100} data-testid="company-form-suffix" />
      </Form.Item>
      <Form.Item field="adminEmail" label={t('companies.form.adminEmail')} rules={rule('adminEmail')} required>
        <Input placeholder="admin@example.com" data-testid="company-form-adminEmail" />
      </Form.Item>
      <Form.Item field="timezone" label={t('common.timeZone')} extra={t('companies.form.timezoneHelp')}>
        <Select
          showSearch
          allowClear={!editingCompany}
          placeholder={t('companies.form.timezoneDefault')}
          data-testid="company-form-timezone"
        >
          {zones.map((zone) => (
            <Select.Option key={zone} value={zone}>
              {zone}
            </Select.Option>
          ))}
        </Select>
      </Form.Item>
      <Form.Item
        field="quietDays"
        // A new company has none: the list starts empty rather than unset (the schema wants a list).
        initialValue={[]}
        label={t('companies.form.quietDays')}
        rules={rule('quietDays')}
        extra={t('companies.form.quietDaysHelp')}
      >
        <InputTag allowClear saveOnBlur placeholder="2026-10-01" data-testid="company-form-quietDays" />
      </Form.Item>
      {!editingCompany && (
        <Form.Item
          field="adminUsername"
          label={t('companies.form.adminUsername')}
          rules={rule('adminUsername')}
          extra={t('companies.form.adminUsernameHelp', { username: defaultAdminUsername(suffix || '<suffix>') })}
        >
          <Input placeholder={defaultAdminUsername(suffix || '')} maxLength={32} data-testid="company-form-adminUsername" />
        </Form.Item>
      )}
    </FormModal>
  );
}
