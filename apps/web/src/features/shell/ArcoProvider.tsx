import { ConfigProvider } from '@arco-design/web-react';
import arcoEnUS from '@arco-design/web-react/es/locale/en-US';
import arcoZhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../locale/index.ts';

const ARCO_LOCALES = { 'en-US': arcoEnUS, 'zh-CN': arcoZhCN } as const;

/**
 * Arco's language and defaults for what is drawn with Arco. Each Arco-drawn tree carries it (the signed-in frame,
 * the error pages, the sign-in page's dialogs) instead of the app's root, so the login page does not load Arco.
 */
export function ArcoProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  void i18n.language; // re-render on language change
  return (
    <ConfigProvider locale={ARCO_LOCALES[currentLocale()]} componentConfig={{ Card: { bordered: false } }}>
      {children}
    </ConfigProvider>
  );
}
