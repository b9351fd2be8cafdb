/**
 * Browser-safe subset of the API reference for MDX widgets. openapiYaml.ts pulls in the `yaml`
 * package; the browser bundle only needs the public URL of the generated file.
 */
export { NODE_VERIFY_SAMPLE, PYTHON_VERIFY_SAMPLE, SHELL_VERIFY_SAMPLE } from './signatureSamples';
export { SIGNATURE_TOLERANCE_SECONDS, WEBHOOK_HEADERS } from './events';

/** Public URL of static/openapi/v1.yaml. */
export const OPENAPI_URL_PUBLIC = '/openapi/v1.yaml';
/** Public URL of static/openapi/v1.json, the same document as JSON. */
export const OPENAPI_JSON_URL_PUBLIC = '/openapi/v1.json';
