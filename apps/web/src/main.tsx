import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Arco's tokens (colours of both themes, sizes) and its reset: every page's styles are written in them.
import '@arco-design/web-react/es/style/index.css';
import './styles.css';
import { initI18n } from './locale/index.ts';
import { App } from './App.tsx';

initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
