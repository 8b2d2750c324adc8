/** The web dashboard: what a composition root (the referee command) needs of it. */
export { DashboardServer, type DashboardOptions } from './server.ts';
export { DashboardListenError } from './listen.ts';
export { DEFAULT_HTTP, dashboardUrl, parseHttpOption, type HttpListen } from './http-option.ts';
export type { SimPlay, SimPlayBoard } from './sim-play.ts';
export type { WebUser } from './auth.ts';
export { loadAssets, bundleAssets, type WebAssets } from './assets.ts';
