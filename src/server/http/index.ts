/*
 * What routes, actions and the middleware need around a request: cache headers, the
 * client's address, the methods served, the beacon posts answered early, the request pipeline's guards, and the one way to
 * log a failure (a component's logger, an error described without its values, whether the
 * database was unreachable or refused the value) and to read the build's deploy target.
 */
export { SHED_BEACON_ANSWER, shedsBeacon } from './beacon-shed';
export { IMMUTABLE, NEVER_CACHED, NO_STORE } from './cache-control';
export { clientAddressOf } from './client-address';
export { isHandledMethod, methodNotAllowedResponse } from './methods';
export { privateDownloadHeaders } from './private-download';
export { safeRequest } from './safe-request';
export { postRedirectGet } from './post-redirect-get';
export { trackInMiddleware } from './request-log';
export { actionCallOf } from './action-call';
export { componentLogger } from '../log/logger';
export { databaseErrorKind } from '../db/errors';
export { describeError } from '../describe-error';
export { deployTargetFromEnv } from '../deploy-target';
