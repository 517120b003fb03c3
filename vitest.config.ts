import { readdirSync } from "node:fs"
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
    projects: [...projectsUnder("packages"), ...projectsUnder("examples")]
  }
})
