#!/usr/bin/env node
/**
 * The `moneta` command's entry (`pnpm start`, the installed bin).
 *
 * `EarlyOpening` is imported first: modules are evaluated in the order they
 * are imported, so the embedded database begins opening before the rest of
 * the server is evaluated. Imported statically, not with `import()`: bundled
 * (scripts/bundle.mjs, CommonJS), a dynamic import makes every module behind
 * it a lazily evaluated closure whose imports are all kept, so each package
 * entry imported whole (`effect`, `@effect/platform-node`) evaluated every
 * module of its package at start, the Redis client among them
 * (docs/benchmarks.md, "The bundle evaluated whole", twelfth session).
 */
import "./EarlyOpening.js"
import { fileURLToPath } from "node:url"
import * as Cli from "./Cli.js"

Cli.run(fileURLToPath(import.meta.url))
