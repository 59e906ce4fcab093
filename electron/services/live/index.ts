export { createLiveService, type LiveService, type LiveServiceOptions } from './service';
export { liveHandlers } from './handlers';
export { createLiveConnection, type LiveConnection, type LiveConnectionState } from './connection';
export { createLiveModel, type LiveModel } from './model';
