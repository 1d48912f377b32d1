import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <div className="logo">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="rgb(var(--primary-6))" />
        <path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="22.5" cy="16" r="2" fill="#fff" />
      </svg>
      <span className="logo-name">{t('app.name')}</span>
    </div>
  );
}
