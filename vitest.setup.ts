/**
 * Runs before every test file. The test files share their worker's modules
 * (`isolate: false` in vitest.config.ts), and `@effect/vitest`'s `layer(…)`
 * installs its own `effect`, `scoped`, `prop`, `flakyTest` and `layer` on the
 * one shared `it` object (`Object.assign(it, …)`), so a file that used
 * `layer(…, { excludeTestServices: true })` would leave the next file's
 * `it.effect` without `TestClock`. Each file starts from `it` as
 * `@effect/vitest` first made it, as it would in a process of its own.
 */
import { it } from "@effect/vitest"

type Methods = Pick<typeof it, "effect" | "scoped" | "prop" | "flakyTest" | "layer">

const key = Symbol.for("moneta/test/effect-vitest-methods")
const store: { [key]?: Methods } = globalThis
const pristine: Methods = store[key] ??= {
  effect: it.effect,
  scoped: it.scoped,
  prop: it.prop,
  flakyTest: it.flakyTest,
  layer: it.layer
}
Object.assign(it, pristine)
