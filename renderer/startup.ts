// Imported first by main.tsx, so that the bootstrap call leaves before React and the app's
// modules are evaluated (ES modules run in import order): the main process works while they load.
import { startBootstrap } from './api/boot';

startBootstrap();
