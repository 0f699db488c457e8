/** Renderer entry: theme and language before the first paint, the store bound to the bridge, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getBridge, getConnection } from './bridge/index.ts';
import { initI18n } from './i18n/index.ts';
import { connectStore } from './store/index.ts';
import { applyTheme, rememberedTheme } from './features/common/useTheme.ts';
import { App } from './App.tsx';
import './styles/global.css';

applyTheme(rememberedTheme() ?? 'system');
initI18n();
connectStore(getBridge(), getConnection());

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
