import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeSplit } from './build/locale-split.ts';

export default defineConfig({
  plugins: [localeSplit(), react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
  },
});
