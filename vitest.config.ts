import { readdirSync } from "node:fs"
import { availableParallelism } from "node:os"
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
    // A worker's test files share its modules instead of importing `effect`, the platform and the
    // workspace again for each file: importing was half of the run's time (docs/benchmarks.md,
    // "Test run"). `@effect/vitest` 4's `layer(…)` no longer writes on the shared `it`, so files
    // sharing modules cannot leak test services into each other.
    isolate: false,
    projects: [...projectsUnder("packages"), ...projectsUnder("examples")]
  }
})
