import { readdirSync } from "node:fs"
import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"

/**
 * Workspace packages resolve to their TypeScript sources through the
 * "@moneta/source" export condition, so tests never need a build first.
 * One project per package and example, each inheriting this configuration.
 */
// Vitest 5's reporters call `Map.groupBy` (Node 21+) when a test fails; on Node 20 the report of a
// failure would crash instead of naming the failed assertion. The reporters run in this process.
if (typeof Map.groupBy !== "function") {
  Map.groupBy = <K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, Array<T>> => {
    const groups = new Map<K, Array<T>>()
    let index = 0
    for (const item of items) {
      const key = keyOf(item, index++)
      const group = groups.get(key)
      if (group === undefined) groups.set(key, [item])
      else group.push(item)
    }
    return groups
  }
}

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
    // A test's logs (a server it started, the warnings it provokes) are shown when it fails, not when
    // it passes: @effect/vitest 4 no longer removes Effect's default logger from tests as 0.x did.
    silent: "passed-only",
    // A dot per test, then only what failed (its error and its logs) and the counts: a green run prints
    // a dozen lines, not one per file and slow test. `--reporter=default` shows every file again.
    reporters: ["dot"],
    // Limits that only catch a hang: a loaded 2-core machine (load average 8–13, every worker and the
    // servers they start sharing it) runs a test many times slower than an idle one, so vitest's 5 s
    // per test and 10 s per hook failed passing tests there. `TestDatabase.timeout` (@moneta/store/testing,
    // for layers that start databases and servers) is the same 3 minutes; tests that start processes
    // name a longer one.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // A worker's test files share its modules instead of importing `effect`, the platform and the
    // workspace again for each file: importing was half of the run's time (docs/benchmarks.md,
    // "Test run"). `@effect/vitest` 4's `layer(…)` no longer writes on the shared `it`, so files
    // sharing modules cannot leak test services into each other.
    isolate: false,
    projects: [...projectsUnder("packages"), ...projectsUnder("examples")]
  }
})
