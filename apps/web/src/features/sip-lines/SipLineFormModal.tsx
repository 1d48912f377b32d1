import { Form, Input, InputNumber, Message, Radio, Switch } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SIP_LIMITS, SIP_TRUNKS, sipLineCreateSchema, sipLineUpdateSchema, type SipLine, type SipTrunk } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { checkForm } from '../../forms/check-form.ts';
import { useStaleEdit } from '../../forms/stale-edit.tsx';
import { FieldRow } from '../../forms/field-row.tsx';
import { RadioChoices } from '../../forms/RadioChoices.tsx';
import { FormModal, useFormFill, useFormSave, whileOpen } from '../../forms/form-modal.tsx';
import { createSipLine, getSipLine, updateSipLine } from './api.ts';

interface FormValues {
  alias: string;
  trunk: SipTrunk;
  sipUsername: string;
  password: string;
  domain: string;
  port: number | undefined;
  concurrency: number | undefined;
  cps: number | undefined;
  enabled: boolean;
}

interface Props {
  /** null = a new line; undefined = closed. */
  line: SipLine | null | undefined;
  companyId: string;
  onClose(): void;
}

function valuesOf(line: SipLine | null): FormValues {
  return line
    ? {
        alias: line.alias,
        trunk: line.trunk,
        sipUsername: line.sipUsername,
        password: '',
        domain: line.domain,
        port: line.port,
        concurrency: line.concurrency,
        cps: line.cps,
        enabled: line.status === 'enabled',
      }
    : {
        alias: '',
        trunk: 'sip',
        sipUsername: '',
        password: '',
        domain: '',
        port: SIP_LIMITS.port.default,
        concurrency: undefined,
        cps: SIP_LIMITS.cps.default,
        enabled: true,
      };
}

function SipLineFormDialog({ line: opened, companyId, onClose }: Props & { line: SipLine | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const edit = useStaleEdit(opened, (l) => getSipLine(l.id, companyId));
  const line = edit.entity;
  // A reload after a conflict brings the current line: show it.
  useFormFill(form, true, line, valuesOf);
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const editing = Boolean(line);
  const schema = editing ? sipLineUpdateSchema : sipLineCreateSchema;
  const rule = (field: keyof FormValues) => [fieldRule(schema, field, locale)];

  const save = useFormSave({
    form,
    edit,
    check: () => checkForm(form),
    save: async (values: FormValues) => {
      const fields = {
        alias: values.alias,
        trunk: values.trunk,
        sipUsername: values.sipUsername,
        domain: values.domain,
        port: values.port!,
        concurrency: values.concurrency!,
        cps: values.cps!,
        status: values.enabled ? ('enabled' as const) : ('disabled' as const),
        companyId,
      };
      return line
        ? updateSipLine({ id: line.id, version: line.version, ...fields, password: values.password ?? '' })
        : createSipLine({ ...fields, password: values.password });
    },
    onSaved: (saved) => {
      Message.success(t(line ? 'sip.saved' : 'sip.created', { alias: saved.alias }));
      void queryClient.invalidateQueries({ queryKey: ['sip-lines'] });
      onClose();
    },
  });

  return (
    <FormModal
      title={t(editing ? 'sip.edit' : 'sip.new')}
      visible
      onClose={onClose}
      save={save}
      okText={t('common.ok')}
      submitTestId="sip-submit"
      formTestId="sip-form"
      initialValues={valuesOf(line)}
      width={640}
    >
      <FieldRow>
        <Form.Item field="alias" label={t('common.alias')} rules={rule('alias')}>
          <Input data-testid="sip-alias" />
        </Form.Item>
        <Form.Item field="enabled" label={t('sip.form.status')} triggerPropName="checked">
          <Switch data-testid="sip-enabled" />
        </Form.Item>
      </FieldRow>
      <Form.Item shouldUpdate noStyle>
        {(values: FormValues) => (
          <Form.Item field="trunk" label={t('sip.form.trunk')} extra={t(`sip.trunkHint.${values.trunk ?? 'sip'}`)}>
            <Radio.Group type="button">
              <RadioChoices values={SIP_TRUNKS} label={(trunk) => t(`sip.trunk.${trunk}`)} testId={(trunk) => `sip-trunk-${trunk}`} />
            </Radio.Group>
          </Form.Item>
        )}
      </Form.Item>
      <FieldRow>
        <Form.Item field="sipUsername" label={t('sip.form.sipUsername')} rules={rule('sipUsername')}>
          <Input data-testid="sip-username" autoComplete="off" />
        </Form.Item>
        <Form.Item
          field="password"
          label={t('common.password')}
          rules={rule('password')}
          extra={<span data-testid="sip-password-hint">{t(editing ? 'sip.form.passwordUnchanged' : 'sip.form.passwordNew')}</span>}
        >
          <Input.Password
            data-testid="sip-password"
            autoComplete="new-password"
            placeholder={editing ? t('sip.form.passwordPlaceholder') : undefined}
          />
        </Form.Item>
      </FieldRow>
      <FieldRow spans={[16, 8]}>
        <Form.Item field="domain" label={t('sip.form.domain')} rules={rule('domain')}>
          <Input data-testid="sip-domain" placeholder={t('sip.form.domainPlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item field="port" label={t('sip.form.port')} rules={rule('port')}>
          <InputNumber data-testid="sip-port" hideControl />
        </Form.Item>
      </FieldRow>
      <FieldRow>
        <Form.Item field="concurrency" label={t('sip.form.concurrency')} rules={rule('concurrency')} extra={t('sip.form.concurrencyHint')}>
          <InputNumber data-testid="sip-concurrency" />
        </Form.Item>
        <Form.Item field="cps" label={t('sip.form.cps')} rules={rule('cps')} extra={t('sip.form.cpsHint')}>
          <InputNumber data-testid="sip-cps" />
        </Form.Item>
      </FieldRow>
    </FormModal>
  );
}

/**
 * Add or edit a SIP line. The password is write-only: the edit form starts blank, and blank keeps the
 * stored password (the server never sends it back).
 */
export const SipLineFormModal = whileOpen<Props, 'line'>('line', SipLineFormDialog);
