export { createRouter, handlersOf, isChannel, fieldsFromIssues, type CallContext, type Handler, type Handlers, type HandlersOf, type Router, type RouterOptions, type ServiceFor } from './router';
export { inspectPayload, PAYLOAD_LIMITS } from './inspect';
export { electronSenderPolicy, httpSenderPolicy, originOf, type Sender, type SenderPolicy } from './sender';
