/**
 * The "may import" table of docs/architecture.md, enforced: `pnpm lint:deps`
 * (run by .ci/run) fails on a broken arrow. Only the packages' sources are
 * held to it; tests may reach for test support anywhere below `server`.
 *
 * Each package lists the workspace packages and the npm packages it may
 * import; Node's built-in modules are allowed everywhere except in `domain`.
 */

/** Workspace packages and npm packages each package's `src` may import. */
const mayImport = {
  domain: { workspace: [], npm: ["effect", "@noble/hashes"] },
  api: { workspace: ["domain"], npm: ["effect"] },
  store: {
    workspace: ["domain"],
    npm: ["effect", "@effect/sql-pg", "@electric-sql/pglite", "@effect/vitest"]
  },
  bank: { workspace: ["domain", "store"], npm: ["effect"] },
  http: { workspace: ["api", "bank", "domain", "webhooks"], npm: ["effect"] },
  webhooks: { workspace: ["domain", "store"], npm: ["effect", "undici"] },
  receiver: { workspace: ["domain", "api"], npm: ["effect"] },
  // The browser app: the contract's types only (type-only imports), Preact for the page.
  dashboard: { workspace: ["domain", "api"], npm: ["preact"] },
  server: {
    workspace: ["domain", "api", "store", "bank", "http", "webhooks", "receiver"],
    npm: [
      "effect",
      "@effect/platform-node",
      "@effect/sql-pg",
      "@effect/opentelemetry",
      "@opentelemetry/exporter-trace-otlp-http",
      "@opentelemetry/sdk-trace-base",
      // The tracer provider (Otlp.ts): NodeSdk would bring the SDK's logs and metrics packages too.
      "@opentelemetry/sdk-trace-node",
      // Builds the dashboard when run from the sources (DashboardBuild, a dynamic import; a bundle carries it built).
      "esbuild"
    ]
  }
}

/**
 * The domain's test support (`@moneta/domain/testing`, for host apps' property tests) may also import
 * fast-check: Effect 4 no longer carries it (docs/decisions.md, "Property tests on Effect 4").
 */
const domainTestingNpm = ["effect", "@noble/hashes", "fast-check"]

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")

/** An npm package's files, at its link or its real path in pnpm's store (`.pnpm/<name>@<version>/node_modules/<name>/`). */
const npmPath = (name) => `node_modules/${escape(name)}/`

const rules = Object.entries(mayImport).flatMap(([pkg, allowed]) => [
  {
    name: `${pkg}-workspace-imports`,
    comment: `packages/${pkg} may import only ${["itself", ...allowed.workspace].join(", ")} of the workspace`,
    severity: "error",
    from: { path: `^packages/${pkg}/src/` },
    to: {
      path: "^packages/[^/]+/",
      pathNot: [`^packages/${pkg}/`, ...allowed.workspace.map((other) => `^packages/${other}/`)]
    }
  },
  {
    name: `${pkg}-npm-imports`,
    comment: `packages/${pkg} may import only ${allowed.npm.join(", ")} from npm`,
    severity: "error",
    from: { path: `^packages/${pkg}/src/`, pathNot: pkg === "domain" ? "^packages/domain/src/testing/" : [] },
    to: { path: "node_modules/", pathNot: allowed.npm.map(npmPath) }
  }
]).concat({
  name: "domain-testing-npm-imports",
  comment: `packages/domain/src/testing may import only ${domainTestingNpm.join(", ")} from npm`,
  severity: "error",
  from: { path: "^packages/domain/src/testing/" },
  to: { path: "node_modules/", pathNot: domainTestingNpm.map(npmPath) }
})

module.exports = {
  forbidden: [
    ...rules,
    {
      name: "domain-no-node-builtins",
      comment: "packages/domain runs anywhere effect runs: no Node built-in modules",
      severity: "error",
      from: { path: "^packages/domain/src/" },
      to: { dependencyTypes: ["core"] }
    },
    {
      name: "nothing-imports-server",
      comment: "server composes everything; nothing depends on it",
      severity: "error",
      from: { pathNot: "^packages/server/" },
      to: { path: "^packages/server/" }
    },
    {
      name: "no-circular",
      comment: "no module reaches itself through its imports, type-only imports included: the parts stay separable",
      severity: "error",
      from: { path: "^packages/[^/]+/src/" },
      to: { circular: true }
    },
    {
      name: "not-to-unresolvable",
      comment: "every import resolves (a typo or a missing dependency)",
      severity: "error",
      from: { path: "^packages/[^/]+/src/" },
      to: { couldNotResolve: true }
    }
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^packages/[^/]+/(build|dist)/" },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      // "@moneta/source" first: inside the workspace, packages resolve to their sources.
      conditionNames: ["@moneta/source", "import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"]
    },
    reporterOptions: { text: { highlightFocused: true } }
  }
}
