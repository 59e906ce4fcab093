// First: the bootstrap call leaves while everything below loads (renderer/startup.ts).
import './startup';
// Tokens and base styles come first: component and feature stylesheets, imported by their own
// modules below, build on them and must win ties of equal specificity.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { createQueryClient } from './api/queries';
import { takeSettledBootstrap } from './api/boot';
import { activateLanguage, rememberedChoice } from './i18n';
import { LanguageRoot } from './i18n/LanguageRoot';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// The first paint waits for the language's catalog (a small chunk fetched alongside the view's and
// the bootstrap call, which left from the startup entry before this chunk loaded).
void activateLanguage(rememberedChoice()).finally(() => {
  const queryClient = createQueryClient();
  // When the bootstrap has already answered, the first render starts with settings, accounts and
  // the landing data in the cache: no loading pass in between.
  for (const { channel, payload, data } of takeSettledBootstrap()) queryClient.setQueryData([channel, payload], data);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageRoot>
          <App />
        </LanguageRoot>
      </QueryClientProvider>
    </StrictMode>,
  );
});
