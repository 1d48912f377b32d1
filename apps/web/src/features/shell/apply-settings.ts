import { useEffect } from 'react';
import { generate, getRgbStr } from '@arco-design/color';
import { useSettings } from '../../store/settings.ts';

/** Spec §4: dark theme is an attribute on the body; colour weak inverts 80 %; the theme colour drives Arco's palette. */
export function useApplySettings(): void {
  const theme = useSettings((s) => s.theme);
  const colorWeak = useSettings((s) => s.colorWeak);
  const themeColor = useSettings((s) => s.themeColor);

  useEffect(() => {
    if (theme === 'dark') document.body.setAttribute('arco-theme', 'dark');
    else document.body.removeAttribute('arco-theme');
  }, [theme]);

  useEffect(() => {
    document.documentElement.style.filter = colorWeak ? 'invert(80%)' : '';
  }, [colorWeak]);

  useEffect(() => {
    const palette = generate(themeColor, { list: true, dark: theme === 'dark' });
    palette.forEach((color, index) => document.body.style.setProperty(`--arcoblue-${index + 1}`, getRgbStr(color)));
  }, [themeColor, theme]);
}
