// What /mcp needs of the MCP SDK, in one module that router.ts loads at the first request. A
// local module, so that the bundle loads the SDK with require() as everywhere else: an import()
// of the package itself would load its ESM build beside the CommonJS one tools.ts uses.
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export { mcpServer } from './tools';
