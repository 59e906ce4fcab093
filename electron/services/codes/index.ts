export { createCodeService, type CodeService } from './service';
export { codeHandlers } from './handlers';
