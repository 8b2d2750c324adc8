/**
 * @deprecated A service of the run that hears each match is a Service with `attach` and
 * `detach` (service.ts). This name stays only until src/web/ (whose server implements it)
 * imports Service; nothing else uses it.
 */
import type { Service } from './service.ts';

export type HostService = Service & Required<Pick<Service, 'attach' | 'detach'>>;
