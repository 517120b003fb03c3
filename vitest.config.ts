import { readdirSync } from "node:fs"
import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

/**
 * Workspace packages resolve to their TypeScript sources through the
 * "@moneta/source" export condition, so tests never need a build first.
 * One project per package and example, each inheriting this configuration.
 */
// Vite's default server conditions, with ours first.
const conditions = ["@moneta/source", "node", "development|production"]

const projectsUnder = (folder: string) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ extends: true, root: `${folder}/${entry.name}`, test: { name: entry.name } }))

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    // One worker per core, not vitest's default of one fewer: much of a test file's time is spent
    // waiting on a database or a server process, so on 2 cores two workers finish the run in about
    // four fifths of the time one takes (docs/benchmarks.md, "Test run").
    maxWorkers: availableParallelism(),
    minWorkers: 1,
    // A worker's test files share its modules instead of importing `effect`, the platform and the
    // workspace again for each file: importing was half of the run's time (docs/benchmarks.md,
    // "Test run"). The setup file gives each file `@effect/vitest`'s `it` as a fresh import would.
    isolate: false,
    setupFiles: [fileURLToPath(new URL("vitest.setup.ts", import.meta.url))],
    projects: [...projectsUnder("packages"), ...projectsUnder("examples")]
  }
})
