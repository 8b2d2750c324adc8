/** The match store: SQLite match log, SGN records, exports. */
export * from './model.ts';
export { openStore, MatchStore, type ListFilter, type StoreError, type StoreErrorCode, type StoreOptions } from './store.ts';
export { recordMatch, recordVerdict, recordVerdicts } from './record.ts';
export { MIGRATIONS, SCHEMA_VERSION } from './schema.ts';
export { formatSgn, parseSgn, SGN_ERROR_CODES, type SgnError, type SgnErrorCode, type SgnMatch } from './sgn.ts';
export * from './exchange.ts';
