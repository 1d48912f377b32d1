import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, TAG_FIELD_MAX, tagInputSchema, type Tag, type TagInput } from '@dialwise/contracts';
import { fieldRule } from '../../../forms/zod-rules.ts';
import { checkFormInput } from '../../../forms/check-form.ts';
import { currentLocale } from '../../../locale/index.ts';
import { StaleEditNotice, useStaleEdit } from '../../../forms/stale-edit.tsx';
import { createTag, getTag, updateTag } from './api.ts';

export type TagEditing = { mode: 'create' } | { mode: 'edit'; tag: Tag } | null;

/** Add or edit a tag; the rules are contracts' `tagInputSchema`, as on the server. */
export function TagFormModal({ editing, onClose, onSaved }: { editing: TagEditing; onClose(): void; onSaved(tag: Tag): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TagInput>();
  const [saving, setSaving] = useState(false);
  const locale = currentLocale();
  const rule = (field: keyof TagInput) => [fieldRule(tagInputSchema, field, locale)];
  const edit = useStaleEdit(editing?.mode === 'edit' ? editing.tag : null, (opened) => getTag(opened.id));
  const tag = edit.entity;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (tag) form.setFieldsValue({ name: tag.name, alias: tag.alias, description: tag.description });
  }, [editing, tag, form]);

  const save = async () => {
    const values = await checkFormInput(form, tagInputSchema, locale);
    if (!values) return;
    setSaving(true);
    try {
      const saved = tag ? await updateTag({ ...values, id: tag.id, version: tag.version }) : await createTag(values);
      Message.success(t('tags.saved', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      // Shown by the request layer; a stale form also says so above the fields.
      edit.caught(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={tag ? t('tags.form.editTitle', { name: tag.name }) : t('tags.form.createTitle')}
      visible={editing !== null}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      unmountOnExit
      okText={t('tags.form.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'tag-form-submit' } as object}
    >
      <StaleEditNotice edit={edit} />
      <Form form={form} layout="vertical" data-testid="tag-form">
        <Form.Item field="name" label={t('tags.form.name')} rules={rule('name')} required>
          <Input maxLength={TAG_FIELD_MAX.name} data-testid="tag-form-name" />
        </Form.Item>
        <Form.Item field="alias" label={t('tags.form.alias')} rules={rule('alias')} required extra={t('tags.form.aliasHelp')}>
          <Input placeholder={t('tags.form.aliasPlaceholder')} maxLength={LIMITS.tagAlias.max} showWordLimit data-testid="tag-form-alias" />
        </Form.Item>
        <Form.Item field="description" label={t('tags.form.description')} rules={rule('description')} required>
          <Input.TextArea
            maxLength={TAG_FIELD_MAX.description}
            showWordLimit
            autoSize={{ minRows: 2, maxRows: 5 }}
            data-testid="tag-form-description"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
