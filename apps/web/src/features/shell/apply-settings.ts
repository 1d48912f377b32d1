import { useEffect } from 'react';
import { APP_DEFAULTS } from '@dialwise/contracts';
import { useSettings } from '../../store/settings.ts';

/** Dark theme is an attribute on the body; colour weak inverts 80 %; the theme colour drives Arco's palette. */
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
    const body = document.body.style;
    // Arco's style sheet already holds the default colour's palette for both themes (the very values `generate`
    // gives): the palette generator (@arco-design/color) is fetched only for another colour.
    if (themeColor.toLowerCase() === APP_DEFAULTS.themeColor.toLowerCase()) {
      for (let step = 1; step <= 10; step++) body.removeProperty(`--arcoblue-${step}`);
      return;
    }
    let current = true;
    void import('@arco-design/color').then(({ generate, getRgbStr }) => {
      if (!current) return;
      const palette = generate(themeColor, { list: true, dark: theme === 'dark' });
      palette.forEach((color, index) => body.setProperty(`--arcoblue-${index + 1}`, getRgbStr(color)));
    });
    return () => {
      current = false;
    };
  }, [themeColor, theme]);
}
