/**
 * V8's low-memory collection, asked for through an in-process inspector
 * session (no port is opened): V8 collects what is garbage and shrinks its
 * young generation (`StartGarbage`). A module of its own, with no other
 * import, loaded by `import()`: on a node built without the inspector,
 * loading `node:inspector` throws, and the bundle (scripts/bundle.mjs) turns
 * this module's import of it into a `require` run only when it is loaded.
 */
import { Session } from "node:inspector"

export const collectAllGarbage = (): Promise<void> =>
  new Promise((resolve, reject) => {
    const session = new Session()
    session.connect()
    session.post("HeapProfiler.collectGarbage", (error) => {
      // Disconnected inside its own callback, the session never lets the process exit (Node 20).
      setImmediate(() => session.disconnect())
      if (error === null) resolve()
      else reject(error)
    })
  })
