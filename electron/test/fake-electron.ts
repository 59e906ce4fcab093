/**
 * A recording stand-in for the `electron` module, for unit tests of the shell (no Electron binary
 * can run here). It implements only what the shell calls, records every call, and lets a test
 * fire the events Electron would fire. The code under test is the real shell code.
 */
import { EventEmitter } from 'node:events';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stands in for Electron's many listener signatures
type Listener = (...args: any[]) => unknown;

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly mainFrame = { url: '' };
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  devToolsClosed = 0;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args });
  }
  closeDevTools() {
    this.devToolsClosed++;
  }
  getURL() {
    return this.mainFrame.url;
  }
  /** Fires an event the way Electron does; returns whether a listener called preventDefault. */
  fire(name: string, ...args: unknown[]): boolean {
    let prevented = false;
    const event = { preventDefault: () => (prevented = true) };
    this.emit(name, event, ...args);
    return prevented;
  }
  fireDetails(name: string, details: Record<string, unknown>): boolean {
    let prevented = false;
    this.emit(name, { ...details, preventDefault: () => (prevented = true) });
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  shown = false;
  focused = 0;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.created.push(this);
  }
  static getAllWindows() {
    return FakeBrowserWindow.created;
  }
  readonly loadedUrls: string[] = [];
  destroyed = false;
  isDestroyed() {
    return this.destroyed;
  }
  async loadURL(url: string) {
    this.loadedUrls.push(url);
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
  }
  show() {
    this.shown = true;
  }
  hide() {
    this.shown = false;
  }
  /** Fires the window's `close` as Electron does; returns whether a listener called preventDefault. */
  fireClose(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    return prevented;
  }
  isMinimized() {
    return false;
  }
  restore() {}
  focus() {
    this.focused++;
  }
}

function createState() {
  let resolvePromise: () => void = () => undefined;
  const readyPromise = new Promise<void>((r) => (resolvePromise = r));
  const resolveReady = () => {
    state.isReady = true;
    resolvePromise();
  };
  const state = {
    appEvents: new EventEmitter(),
    paths: new Map<string, string>(),
    name: '',
    isPackaged: true,
    sandboxEnabledBeforeReady: false,
    sandboxCalls: 0,
    isReady: false,
    /** What the next native message box answers (button index), and every box shown. */
    messageBoxResponse: 0,
    messageBoxes: [] as Array<{ window: unknown; options: Record<string, unknown> }>,
    singleInstance: true,
    quitCalls: 0,
    readyPromise,
    resolveReady,
    privilegedSchemes: [] as unknown[],
    protocolHandlers: new Map<string, (request: { url: string; headers: Headers }) => unknown>(),
    ipcHandlers: new Map<string, Listener>(),
    ipcListeners: new Map<string, Listener>(),
    rendererSends: [] as unknown[][],
    permissionRequestHandler: null as Listener | null,
    permissionCheckHandler: null as Listener | null,
    devicePermissionHandler: null as Listener | null,
    headersReceived: null as Listener | null,
    sessionEvents: new EventEmitter(),
    openedExternally: [] as string[],
    applicationMenus: [] as unknown[],
    aboutPanel: null as unknown,
    exposed: [] as Array<{ key: string; api: unknown }>,
    rendererInvokes: [] as unknown[][],
    rendererListeners: new Map<string, Set<Listener>>(),
    notifications: [] as FakeNotification[],
    trays: [] as FakeTray[],
    /** Chromium switches appended by the app, and whether each came before ready (Electron reads them at start-up). */
    switches: new Map<string, { value: string | undefined; beforeReady: boolean }>(),
  };
  return state;
}

export class FakeNotification extends EventEmitter {
  static supported = true;
  static isSupported() {
    return FakeNotification.supported;
  }
  shown = false;
  constructor(readonly options: { title: string; body: string }) {
    super();
    fake.notifications.push(this);
  }
  show() {
    this.shown = true;
  }
}

export class FakeTray extends EventEmitter {
  tooltip = '';
  image: { png: Buffer };
  contextMenu: { template: Array<{ label?: string; click?: () => void }> } | null = null;
  destroyed = false;
  constructor(image: { png: Buffer }) {
    super();
    this.image = image;
    fake.trays.push(this);
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setImage(image: { png: Buffer }) {
    this.image = image;
  }
  setContextMenu(menu: FakeTray['contextMenu']) {
    this.contextMenu = menu;
  }
  destroy() {
    this.destroyed = true;
  }
}

export let fake = createState();

export function resetFakeElectron(): void {
  fake = createState();
  FakeBrowserWindow.created = [];
}

export const electronModule = {
  app: {
    get isPackaged() {
      return fake.isPackaged;
    },
    setName: (name: string) => void (fake.name = name),
    setPath: (name: string, value: string) => void fake.paths.set(name, value),
    getPath: (name: string) => fake.paths.get(name) ?? `/nonexistent/${name}`,
    requestSingleInstanceLock: () => fake.singleInstance,
    enableSandbox: () => {
      fake.sandboxCalls++;
      if (!fake.isReady) fake.sandboxEnabledBeforeReady = true;
    },
    quit: () => void fake.quitCalls++,
    on: (name: string, listener: Listener) => fake.appEvents.on(name, listener),
    whenReady: () => fake.readyPromise,
    getVersion: () => '0.0.0-test',
    setAboutPanelOptions: (options: unknown) => void (fake.aboutPanel = options),
    getName: () => fake.name,
    // As Electron: the locale is the --lang switch when one was set before ready, else the OS's.
    getLocale: () => {
      const lang = fake.switches.get('lang');
      return lang?.beforeReady && lang.value ? lang.value : 'en-US';
    },
    commandLine: {
      appendSwitch: (name: string, value?: string) => void fake.switches.set(name, { value, beforeReady: !fake.isReady }),
    },
  },
  BrowserWindow: FakeBrowserWindow,
  Notification: FakeNotification,
  Tray: FakeTray,
  nativeImage: { createFromBuffer: (png: Buffer) => ({ png }) },
  dialog: {
    showMessageBox: async (window: unknown, options: Record<string, unknown>) => {
      fake.messageBoxes.push({ window, options });
      return { response: fake.messageBoxResponse, checkboxChecked: false };
    },
  },
  ipcMain: {
    handle: (channel: string, handler: Listener) => void fake.ipcHandlers.set(channel, handler),
    on: (channel: string, listener: Listener) => void fake.ipcListeners.set(channel, listener),
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => void fake.privilegedSchemes.push(...schemes),
    handle: (scheme: string, handler: (request: { url: string; headers: Headers }) => unknown) => void fake.protocolHandlers.set(scheme, handler),
  },
  session: {
    get defaultSession() {
      return {
        setPermissionRequestHandler: (h: Listener) => void (fake.permissionRequestHandler = h),
        setPermissionCheckHandler: (h: Listener) => void (fake.permissionCheckHandler = h),
        setDevicePermissionHandler: (h: Listener) => void (fake.devicePermissionHandler = h),
        webRequest: { onHeadersReceived: (h: Listener) => void (fake.headersReceived = h) },
        on: (name: string, listener: Listener) => fake.sessionEvents.on(name, listener),
      };
    },
  },
  shell: { openExternal: async (url: string) => void fake.openedExternally.push(url) },
  Menu: {
    buildFromTemplate: (template: unknown) => ({ template }),
    setApplicationMenu: (menu: unknown) => void fake.applicationMenus.push(menu),
  },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void fake.exposed.push({ key, api }) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      fake.rendererInvokes.push(args);
      return { ok: true, data: 'from-main' };
    },
    on: (channel: string, listener: Listener) => {
      const set = fake.rendererListeners.get(channel) ?? new Set();
      set.add(listener);
      fake.rendererListeners.set(channel, set);
    },
    removeListener: (channel: string, listener: Listener) => void fake.rendererListeners.get(channel)?.delete(listener),
    send: (...args: unknown[]) => void fake.rendererSends.push(args),
  },
};

export default electronModule;
