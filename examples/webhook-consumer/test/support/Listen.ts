/** A `node:http` server on a free local port for the current scope (the server package's test support). */
export { listen } from "@moneta/server/testing"
