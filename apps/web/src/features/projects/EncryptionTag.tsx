import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { EncryptionType } from '@dialwise/contracts';

const COLORS: Record<EncryptionType, string> = { MD5: 'purple', HEX: 'cyan', PLAIN_TEXT: 'gray', CUSTOM: 'gold' };

/** The project's number encryption; HEX is labelled "MENA", the product's name for it. */
export function EncryptionTag({ type }: { type: EncryptionType }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[type]}>{t(`projects.enc.${type}`)}</Tag>;
}
