// Transitional: the form tokens live in api-server/src/form-token/tokens.ts. This re-export only
// keeps api-server/src/index.ts (owned by issue 43's change) compiling until its import of
// FormTokens names form-token/tokens; then delete this file.
export type { FormTokens } from '../form-token/tokens';
