/** The reference's calls in one API version, for the endpoint cards (kept apart from the ./apiVersion store, which loads no reference). */
import { referenceFor } from '@site/src/data/apiReference/versions';
import type { ApiEndpoint } from '@site/src/data/apiReference';
import type { ApiVersionName } from '@site/src/data/apiVersioning';

/** `endpoint` as `version` documents it (its parameters, examples and answer). */
export function endpointIn(version: ApiVersionName, endpoint: ApiEndpoint): ApiEndpoint {
  return referenceFor(version).endpoints.find((e) => e.id === endpoint.id) ?? endpoint;
}
