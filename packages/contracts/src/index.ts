/**
 * The package's one entry: consumers import `@dialwise/contracts` and nothing deeper. Each area keeps its
 * schemas, endpoints and messages in its own folder (named as the server's and the console's areas); `common/`
 * holds what every area uses; the message catalogue and the endpoint table gather the areas.
 */
export * from './common/api-key-scopes.ts';
export * from './common/company-features.ts';
export * from './common/constants.ts';
export * from './common/csv.ts';
export * from './common/edit-version.ts';
export * from './common/endpoint.ts';
export * from './common/envelope.ts';
export * from './common/errors.ts';
export * from './common/fields.ts';
export * from './common/locale.ts';
export * from './common/roles.ts';
export * from './common/route-schema.ts';
export * from './common/routes.ts';
export * from './common/safe-text.ts';
export * from './common/url-fields.ts';
export * from './common/wall-clock.ts';
export * from './access-requests/schemas.ts';
export * from './accounts/schemas.ts';
export * from './amd/schemas.ts';
export * from './api-keys/schemas.ts';
export * from './audit/schemas.ts';
export * from './auth/schemas.ts';
export * from './boards/schemas.ts';
export * from './call-records/schemas.ts';
export * from './callbacks/schemas.ts';
export * from './dnc/schemas.ts';
export * from './messages/schemas.ts';
export * from './operation/companies/schemas.ts';
export * from './operation/llms/schemas.ts';
export * from './operation/processors/schemas.ts';
export * from './operation/scenarios/bench/schemas.ts';
export * from './operation/scenarios/schemas.ts';
export * from './operation/speech-credentials/schemas.ts';
export * from './operation/tags/schemas.ts';
export * from './operation/voices/schemas.ts';
export * from './profile/schemas.ts';
export * from './projects/schemas.ts';
export * from './seat/protocol.ts';
export * from './seat/schemas.ts';
export * from './sip-lines/schemas.ts';
export * from './subtasks/schemas.ts';
export * from './tasks/schemas.ts';
export * from './telephony/schemas.ts';
export * from './templates/schemas.ts';
export * from './webcall/schemas.ts';
export * from './i18n.ts';
export * from './endpoint-table.ts';
