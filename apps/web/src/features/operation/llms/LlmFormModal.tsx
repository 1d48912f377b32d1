import { AutoComplete, Checkbox, Form, Input, Message, Select } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_KEY_NAME, LLM_MODEL_TYPES, LLM_VENDOR_SUGGESTIONS, llmInputSchema, type Llm, type LlmInput } from '@dialwise/contracts';
import { currentLocale } from '../../../locale/index.ts';
import { fieldRule } from '../../../forms/zod-rules.ts';
import { checkFormInput } from '../../../forms/check-form.ts';
import { useStaleEdit } from '../../../forms/stale-edit.tsx';
import { FieldRow } from '../../../forms/field-row.tsx';
import { FormModal, useFormFill, useFormSave } from '../../../forms/form-modal.tsx';
import { createLlm, getLlm, llmKeys, updateLlm } from './api.ts';

interface Values extends LlmInput {
  clearApiKey?: boolean;
}

const KEY_NAMES = ['Authorization', 'api-key', 'x-api-key'];

/** Add or edit a model. The key is write-only: on edit the field starts blank and blank keeps the stored key. */
export function LlmFormModal({
  editing: opened,
  visible,
  vendors,
  onClose,
}: {
  editing: Llm | null;
  visible: boolean;
  vendors: string[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const edit = useStaleEdit(opened, (llm) => getLlm(llm.id));
  const editing = edit.entity;
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const rule = (field: keyof LlmInput) => [fieldRule(llmInputSchema, field, locale)];

  useFormFill(
    form,
    visible,
    editing,
    (llm): Partial<Values> =>
      llm
        ? {
            vendor: llm.vendor,
            modelType: llm.modelType,
            modelName: llm.modelName,
            calledName: llm.calledName,
            tag: llm.tag,
            url: llm.url,
            keyName: llm.keyName,
            apiKey: '',
            clearApiKey: false,
          }
        : { modelType: 'chat', keyName: DEFAULT_KEY_NAME, apiKey: '' },
  );

  const save = useFormSave({
    form,
    edit,
    check: async () => {
      const input = await checkFormInput(form, llmInputSchema, locale);
      return input && { input, clearApiKey: form.getFieldValue('clearApiKey') === true };
    },
    save: async ({ input, clearApiKey }: { input: LlmInput; clearApiKey: boolean }) =>
      editing ? updateLlm({ ...input, id: editing.id, version: editing.version, clearApiKey }) : createLlm(input),
    onSaved: async () => {
      Message.success(t('llm.saved'));
      await queryClient.invalidateQueries({ queryKey: llmKeys.all });
      onClose();
    },
  });

  const vendorOptions = [...new Set([...vendors, ...LLM_VENDOR_SUGGESTIONS])];

  return (
    <FormModal
      title={t(editing ? 'llm.edit' : 'llm.new')}
      visible={visible}
      onClose={onClose}
      save={save}
      submitTestId="llm-form-save"
      formTestId="llm-form"
      width={680}
    >
      <FieldRow>
        <Form.Item field="vendor" label={t('llm.vendor')} rules={rule('vendor')} required>
          <AutoComplete data={vendorOptions} placeholder={t('llm.vendor.placeholder')} data-testid="llm-vendor" />
        </Form.Item>
        <Form.Item field="modelType" label={t('llm.modelType')} rules={rule('modelType')} required>
          <Select
            data-testid="llm-modelType"
            options={LLM_MODEL_TYPES.map((type) => ({ value: type, label: t(`llm.modelType.${type}`) }))}
          />
        </Form.Item>
      </FieldRow>
      <FieldRow>
        <Form.Item field="modelName" label={t('llm.modelName')} rules={rule('modelName')} required extra={t('llm.modelName.help')}>
          <Input data-testid="llm-modelName" />
        </Form.Item>
        <Form.Item field="calledName" label={t('llm.calledName')} rules={rule('calledName')} required extra={t('llm.calledName.help')}>
          <Input data-testid="llm-calledName" />
        </Form.Item>
      </FieldRow>
      <Form.Item field="url" label={t('llm.url')} rules={rule('url')} required extra={t('llm.url.help')}>
        <Input data-testid="llm-url" placeholder="https://api.openai.com/v1" />
      </Form.Item>
      <FieldRow>
        <Form.Item field="keyName" label={t('llm.keyName')} rules={rule('keyName')} required extra={t('llm.keyName.help')}>
          <AutoComplete data={KEY_NAMES} data-testid="llm-keyName" />
        </Form.Item>
        <Form.Item
          field="apiKey"
          label={t('llm.apiKey')}
          rules={rule('apiKey')}
          extra={editing?.hasApiKey ? t('llm.apiKey.keep') : t('llm.apiKey.none')}
        >
          <Input.Password
            autoComplete="new-password"
            data-testid="llm-apiKey"
            placeholder={editing?.hasApiKey ? editing.apiKeyMasked : ''}
          />
        </Form.Item>
        {editing?.hasApiKey && (
          <Form.Item field="clearApiKey" triggerPropName="checked" noStyle>
            <Checkbox data-testid="llm-clearApiKey">{t('llm.apiKey.remove')}</Checkbox>
          </Form.Item>
        )}
      </FieldRow>
      <Form.Item field="tag" label={t('llm.tag')} rules={rule('tag')}>
        <Input data-testid="llm-tag" placeholder={t('llm.tag.placeholder')} maxLength={30} />
      </Form.Item>
    </FormModal>
  );
}
