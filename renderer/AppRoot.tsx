import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { LanguageRoot } from './i18n/LanguageRoot';
import { FirstViewDecided } from './shell/route';

/**
 * The app with what it runs in: the one tree that both the main process renders as the first screen
 * (renderer/prerender.tsx) and the page hydrates (main.tsx). Hydration reuses the markup only where
 * the trees match, so they are built here, once.
 */
export function AppRoot({ queryClient, firstScreen }: { queryClient: QueryClient; firstScreen: boolean }) {
  return (
    <FirstViewDecided value={firstScreen}>
      <QueryClientProvider client={queryClient}>
        <LanguageRoot>
          <App />
        </LanguageRoot>
      </QueryClientProvider>
    </FirstViewDecided>
  );
}
