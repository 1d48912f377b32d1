import { Form, Input, Message, Select } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, VOICE_FIELD_MAX, VOICE_VENDORS, voiceInputSchema, type Voice, type VoiceInput } from '@dialwise/contracts';
import { fieldRule } from '../../../forms/zod-rules.ts';
import { checkFormInput } from '../../../forms/check-form.ts';
import { currentLocale } from '../../../locale/index.ts';
import { useStaleEdit } from '../../../forms/stale-edit.tsx';
import { FormModal, useFormFill, useFormSave } from '../../../forms/form-modal.tsx';
import { createVoice, getVoice, updateVoice, voicesKey } from './api.ts';

/** Add or edit a catalogue voice; the rules are contracts' `voiceInputSchema`, as on the server. */
export function VoiceFormModal({ editing, visible, onClose }: { editing: Voice | null; visible: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [form] = Form.useForm<VoiceInput>();
  const locale = currentLocale();
  const rule = (field: keyof VoiceInput) => [fieldRule(voiceInputSchema, field, locale)];
  const edit = useStaleEdit(editing, (opened) => getVoice(opened.id));
  const voice = edit.entity;
  useFormFill(
    form,
    visible,
    voice,
    (current): Partial<VoiceInput> =>
      current
        ? { nickname: current.nickname, vendor: current.vendor, clusterKey: current.clusterKey, originalVoiceId: current.originalVoiceId }
        : { vendor: 'volcano', clusterKey: '' },
  );

  const save = useFormSave({
    form,
    edit,
    check: () =>
      checkFormInput(form, voiceInputSchema, locale, (entered) => ({
        ...entered,
        clusterKey: entered.clusterKey ?? '',
      })),
    save: (values: VoiceInput) => (voice ? updateVoice({ ...values, id: voice.id, version: voice.version }) : createVoice(values)),
    onSaved: (saved) => {
      Message.success(t('voices.saved', { name: saved.nickname }));
      void queryClient.invalidateQueries({ queryKey: voicesKey });
      onClose();
    },
  });
  return (
    <FormModal
      title={voice ? t('voices.form.editTitle', { name: voice.nickname }) : t('voices.form.createTitle')}
      visible={visible}
      onClose={onClose}
      save={save}
      submitTestId="voice-form-submit"
      formTestId="voice-form"
    >
      <Form.Item field="nickname" label={t('voices.form.nickname')} rules={rule('nickname')} required>
        <Input
          placeholder={t('voices.form.nicknamePlaceholder')}
          maxLength={LIMITS.voiceNickname.max}
          showWordLimit
          data-testid="voice-form-nickname"
        />
      </Form.Item>
      <Form.Item field="vendor" label={t('voices.form.vendor')} rules={rule('vendor')} required extra={t('voices.form.vendorHelp')}>
        <Select data-testid="voice-form-vendor">
          {VOICE_VENDORS.map((vendor) => (
            <Select.Option key={vendor} value={vendor}>
              {t(`voices.vendor.${vendor}`)}
            </Select.Option>
          ))}
        </Select>
      </Form.Item>
      <Form.Item field="clusterKey" label={t('voices.form.clusterKey')} rules={rule('clusterKey')}>
        <Input
          placeholder={t('voices.form.clusterKeyPlaceholder')}
          maxLength={VOICE_FIELD_MAX.clusterKey}
          data-testid="voice-form-clusterKey"
        />
      </Form.Item>
      <Form.Item field="originalVoiceId" label={t('voices.form.originalVoiceId')} rules={rule('originalVoiceId')} required>
        <Input
          placeholder={t('voices.form.originalVoiceIdPlaceholder')}
          maxLength={VOICE_FIELD_MAX.originalVoiceId}
          data-testid="voice-form-originalVoiceId"
        />
      </Form.Item>
    </FormModal>
  );
}
