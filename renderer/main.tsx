// Tokens and base styles come first: component and feature stylesheets, imported by their own
// modules below, build on them and must win ties of equal specificity.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { createQueryClient } from './api/queries';
import { activateLanguage, rememberedChoice } from './i18n';
import { LanguageRoot } from './i18n/LanguageRoot';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// The first paint waits for the language's catalog (a small chunk fetched alongside the view's).
void activateLanguage(rememberedChoice()).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <LanguageRoot>
          <App />
        </LanguageRoot>
      </QueryClientProvider>
    </StrictMode>,
  );
});
