import { Button, Form, Input, InputNumber, Message, Radio, Select, Slider, Switch } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROCESSOR_LIMITS,
  PROCESSOR_STATES,
  PROCESSOR_TYPES,
  parseExtraOptions,
  processorInputSchema,
  type Processor,
  type ProcessorForm,
  type ProcessorInput,
} from '@dialwise/contracts';
import { currentLocale } from '../../../locale/index.ts';
import { fieldRule } from '../../../forms/zod-rules.ts';
import { checkFormInput } from '../../../forms/check-form.ts';
import { listLlmOptions, llmKeys } from '../llms/api.ts';
import { scenarioKeys } from '../scenarios/api.ts';
import { useStaleEdit } from '../../../forms/stale-edit.tsx';
import { FieldRow } from '../../../forms/field-row.tsx';
import { RadioChoices } from '../../../forms/RadioChoices.tsx';
import { FormModal, useFormFill, useFormSave } from '../../../forms/form-modal.tsx';
import { createProcessor, getProcessor, processorKeys, updateProcessor } from './api.ts';

/** A slider for the feel and a number box for the exact value, one form value. */
function TemperatureInput({ value, onChange }: { value?: number; onChange?: (value: number | undefined) => void }) {
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', width: '100%' }}>
      <Slider min={0} max={2} step={0.1} value={value ?? 0} onChange={(v) => onChange?.(v as number)} style={{ flex: 1 }} />
      <InputNumber
        min={0}
        max={2}
        step={0.1}
        precision={2}
        value={value}
        onChange={(v) => onChange?.(v ?? undefined)}
        style={{ width: 96 }}
        data-testid="processor-temperature"
      />
    </div>
  );
}

/** The stored extra options as the text the form edits. */
function optionsText(options: Record<string, unknown>): string {
  return Object.keys(options).length === 0 ? '' : JSON.stringify(options, null, 2);
}

/** Add or edit a processor: type, state, model (company, then model), prompt and sampling. */
export function ProcessorFormModal({
  editing: opened,
  visible,
  onClose,
}: {
  editing: Processor | null;
  visible: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProcessorForm>();
  const edit = useStaleEdit(opened, (processor) => getProcessor(processor.id));
  const editing = edit.entity;
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const rule = (field: keyof ProcessorForm) => [fieldRule(processorInputSchema, field, locale)];
  // The shared rule reads an empty value as ''; an unset top P is null, which the schema allows.
  const optionalNumberRule = (field: keyof ProcessorForm) => {
    const inner = fieldRule(processorInputSchema, field, locale);
    return [
      {
        validator: (value: unknown, callback: (error?: ReactNode) => void) =>
          value === null || value === undefined ? callback() : inner.validator!(value, callback),
      },
    ];
  };
  const llms = useQuery({ queryKey: llmKeys.options, queryFn: listLlmOptions, enabled: visible });
  const vendor = Form.useWatch('llmVendor', form) as string | undefined;
  const extra = Form.useWatch('extraOptions', form) as string | undefined;
  const type = Form.useWatch('type', form) as ProcessorForm['type'] | undefined;

  const vendors = useMemo(() => [...new Set((llms.data ?? []).map((l) => l.vendor))], [llms.data]);
  const models = (llms.data ?? []).filter((l) => l.vendor === vendor);
  const parsedExtra = parseExtraOptions(extra);

  useFormFill(
    form,
    visible,
    editing,
    (processor): Partial<ProcessorForm> =>
      processor
        ? {
            alias: processor.alias,
            type: processor.type,
            state: processor.state,
            isPublic: processor.isPublic,
            llmVendor: processor.llmVendor,
            llmId: processor.llmId ?? undefined,
            systemPrompt: processor.systemPrompt,
            temperature: processor.temperature,
            topP: processor.topP,
            extraOptions: optionsText(processor.extraOptions),
          }
        : { type: 'stream', state: 'valid', isPublic: false, temperature: 0.7, topP: null, extraOptions: '' },
  );

  const save = useFormSave({
    form,
    edit,
    check: () => checkFormInput(form, processorInputSchema, locale),
    save: (input: ProcessorInput) =>
      editing ? updateProcessor({ ...input, id: editing.id, version: editing.version }) : createProcessor(input),
    onSaved: async () => {
      Message.success(t('processor.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: processorKeys.all }),
        queryClient.invalidateQueries({ queryKey: llmKeys.all }),
        queryClient.invalidateQueries({ queryKey: scenarioKeys.all }),
      ]);
      onClose();
    },
  });

  const formatJson = () => {
    if (parsedExtra.ok && extra?.trim()) form.setFieldValue('extraOptions', JSON.stringify(parsedExtra.value, null, 2));
  };

  return (
    <FormModal
      title={t(editing ? 'processor.edit' : 'processor.new')}
      visible={visible}
      onClose={onClose}
      save={save}
      submitTestId="processor-form-save"
      formTestId="processor-form"
      width={760}
    >
      <FieldRow>
        <Form.Item field="alias" label={t('common.alias')} rules={rule('alias')} required extra={t('processor.alias.help')}>
          <Input maxLength={{ length: 10, errorOnly: true }} showWordLimit data-testid="processor-alias" />
        </Form.Item>
        <Form.Item field="state" label={t('processor.state')} rules={rule('state')}>
          <Radio.Group type="button" data-testid="processor-state">
            <RadioChoices values={PROCESSOR_STATES} label={(state) => t(`processor.state.${state}`)} />
          </Radio.Group>
        </Form.Item>
        <Form.Item field="isPublic" label={t('processor.public')} triggerPropName="checked" extra={t('processor.public.help')}>
          <Switch data-testid="processor-public" />
        </Form.Item>
      </FieldRow>
      <Form.Item
        field="type"
        label={t('processor.type')}
        rules={rule('type')}
        required
        extra={type ? t(`processor.type.${type}.help`) : undefined}
      >
        <Radio.Group type="button" data-testid="processor-type">
          <RadioChoices
            values={PROCESSOR_TYPES}
            label={(value) => t(`processor.type.${value}`)}
            testId={(value) => `processor-type-${value}`}
          />
        </Radio.Group>
      </Form.Item>
      <FieldRow>
        <Form.Item
          field="llmVendor"
          label={t('processor.llmVendor')}
          rules={rule('llmVendor')}
          required
          extra={llms.data && llms.data.length === 0 ? t('processor.llm.none') : undefined}
        >
          <Select
            options={vendors}
            loading={llms.isFetching}
            data-testid="processor-llmVendor"
            showSearch
            onChange={() => form.setFieldValue('llmId', undefined)}
          />
        </Form.Item>
        <Form.Item field="llmId" label={t('processor.llmId')} rules={rule('llmId')} required>
          <Select
            disabled={!vendor}
            showSearch
            data-testid="processor-llmId"
            options={models.map((m) => ({ value: m.id, label: `${m.modelName} · ${m.calledName}` }))}
          />
        </Form.Item>
      </FieldRow>
      <Form.Item field="systemPrompt" label={t('processor.systemPrompt')} rules={rule('systemPrompt')} required>
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 12 }}
          maxLength={{ length: PROCESSOR_LIMITS.systemPrompt.max, errorOnly: true }}
          data-testid="processor-systemPrompt"
        />
      </Form.Item>
      <FieldRow>
        <Form.Item
          field="temperature"
          label={t('processor.temperature')}
          rules={rule('temperature')}
          required
          extra={t('processor.temperature.help')}
        >
          <TemperatureInput />
        </Form.Item>
        <Form.Item field="topP" label={t('processor.topP')} rules={optionalNumberRule('topP')} extra={t('processor.topP.help')}>
          <InputNumber min={0} max={1} step={0.05} precision={2} data-testid="processor-topP" />
        </Form.Item>
      </FieldRow>
      <Form.Item
        field="extraOptions"
        rules={rule('extraOptions')}
        label={
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            {t('processor.extraOptions')}
            <Button size="mini" type="text" onClick={formatJson} disabled={!parsedExtra.ok || !extra?.trim()}>
              {t('processor.extraOptions.format')}
            </Button>
          </span>
        }
        extra={
          <>
            {t('processor.extraOptions.help')}
            {!parsedExtra.ok && parsedExtra.problem === 'syntax' && (
              <div className="op-json-error" data-testid="processor-extraOptions-detail">
                {t('processor.extraOptions.parseError', { detail: parsedExtra.detail })}
              </div>
            )}
          </>
        }
      >
        <Input.TextArea
          className="op-mono"
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder='{"max_tokens": 256}'
          data-testid="processor-extraOptions"
        />
      </Form.Item>
    </FormModal>
  );
}
