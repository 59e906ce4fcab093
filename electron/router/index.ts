export { createRouter, handlersOf, type CallContext, type Handler, type Handlers, type HandlersOf, type ServiceFor } from './router';
export { inspectPayload } from './inspect';
export { electronSenderPolicy, httpSenderPolicy, originOf, type Sender, type SenderPolicy } from './sender';
