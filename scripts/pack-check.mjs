// Packs every package under packages/ the way it would be published, installs
// the tarballs with npm into a throwaway project outside the workspace (third-
// party dependencies come from the npm registry), and checks with plain node,
// no TypeScript loader, that they stand alone:
// - each packed package.json is publishable (not private, siblings by version
//   range, exports with types and import, only dist/ and src/ shipped, no
//   tsconfig), and every file its exports name is in the tarball;
// - pack-check/smoke.mjs: the receiver verifies a Standard Webhooks delivery,
//   and the HTTP layer mounted in a small Effect HTTP app on the embedded
//   database answers the typed client;
// - the `moneta` command: `--help` lists the configuration, and the server
//   (the bundle the server package's `prepack` writes, dist/moneta.cjs)
//   starts, answers /ready, stops on SIGINT with its "stopped" line and keeps
//   its compiled code for the next start; with tracing on, it also sends its
//   spans to an OTLP/HTTP collector; without the reference documents built
//   ahead, it builds its reference page (Scalar's script beside the bundle).
// Needs the packages built (`pnpm build`, or `pnpm check`). Run by .ci/run.
import { execFileSync, spawn } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer as createHttpServer } from "node:http"
import { builtinModules } from "node:module"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

/** Native addons `ws` tries to load and goes on without (each `require` is in a try). */
const optionalNativeAddons = ["bufferutil", "utf-8-validate"]

const root = fileURLToPath(new URL("..", import.meta.url))
const work = mkdtempSync(join(tmpdir(), "moneta-pack-check-"))
const tarballs = join(work, "tarballs")
const app = join(work, "app")
const started = Date.now()

const log = (message) => console.log(`pack-check: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
const fail = (message) => {
  throw new Error(`pack-check: ${message}`)
}
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })

try {
  // A private package (the dashboard, which ships built inside the server's bundle) is not published.
  const packages = readdirSync(join(root, "packages")).sort()
    .filter((name) => !JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8")).private)
  const packed = []
  for (const name of packages) {
    const output = run("pnpm", ["pack", "--pack-destination", tarballs], join(root, "packages", name))
    const file = output.trim().split("\n").pop()
    packed.push({ name, file })
  }
  log(`packed ${packed.length} packages`)

  for (const { name, file } of packed) {
    const manifest = JSON.parse(run("tar", ["-xzOf", file, "package/package.json"]))
    const files = run("tar", ["-tzf", file]).trim().split("\n").map((entry) => entry.replace(/^package\//, ""))
    const where = `${manifest.name} (${file})`
    if (manifest.private) fail(`${where} is private`)
    if (JSON.stringify(manifest).includes("workspace:")) fail(`${where} still says workspace:`)
    for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
      if (dependency.startsWith("@moneta/") && !/^\^\d+\.\d+\.\d+$/.test(range)) fail(`${where} depends on ${dependency} as ${range}`)
    }
    if (manifest.sideEffects === undefined) fail(`${where} does not declare sideEffects`)
    const stray = files.filter((entry) => !/^(bin|dist|src)\//.test(entry) && !/^(package\.json|README\.md|LICENSE)$/.test(entry))
    if (stray.length > 0) fail(`${where} ships ${stray.join(", ")}`)
    for (const [subpath, conditions] of Object.entries(manifest.exports)) {
      if (typeof conditions.types !== "string" || typeof conditions.import !== "string") fail(`${where} exports ${subpath} without types and import`)
      for (const target of [conditions.types, conditions.import]) {
        const pattern = new RegExp(`^${target.replace(/^\.\//, "").replace(/[.]/g, "\\.").replace("*", ".+")}$`)
        if (!files.some((entry) => pattern.test(entry))) fail(`${where} exports ${target}, which is not in the tarball`)
      }
    }
    if (!files.includes("dist/index.js") || !files.includes("dist/index.d.ts")) fail(`${where} has no dist/index.js and .d.ts`)
    if (name === "server" && manifest.bin?.moneta !== "./bin/moneta.js") fail(`${where} has no moneta bin`)
    if (name === "server" && !files.includes("dist/moneta.cjs")) fail(`${where} has no bundled server for its bin (dist/moneta.cjs)`)
    if (name === "server") {
      // What the bundle leaves outside is required from the installed package's own dependencies: one
      // only a dependency's peer would be found by npm (which installs peers) but not under pnpm's layout.
      const bundle = execFileSync("tar", ["-xzOf", file, "package/dist/moneta.cjs"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 })
      const required = new Set(Array.from(bundle.matchAll(/\brequire\("([^"./][^"]*)"\)/g), ([, specifier]) => specifier))
      const packageOf = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/")
      const undeclared = [...required]
        .filter((specifier) => !specifier.startsWith("node:") && !builtinModules.includes(specifier))
        .map(packageOf)
        .filter((dependency) => !optionalNativeAddons.includes(dependency) && manifest.dependencies?.[dependency] === undefined)
      if (undeclared.length > 0) fail(`${where}: dist/moneta.cjs requires ${[...new Set(undeclared)].join(", ")}, not among its dependencies`)
      // And the files it requires from beside it (Scalar's script, scripts/bundle.mjs) are packed with it.
      const beside = Array.from(bundle.matchAll(/\brequire\("\.\/([^"]+)"\)/g), ([, name]) => `dist/${name}`)
      const missing = beside.filter((packedFile) => !files.includes(packedFile))
      if (missing.length > 0) fail(`${where}: dist/moneta.cjs requires ${missing.join(", ")}, not in the package`)
    }
  }
  log("every packed package.json and file list is publishable")

  const dependencies = Object.fromEntries(packed.map(({ file, name }) => [`@moneta/${name}`, `file:${file}`]))
  const workspaceVersion = (name, dependency) =>
    JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8")).dependencies[dependency]
  mkdirSync(app, { recursive: true })
  writeFileSync(join(app, "package.json"), JSON.stringify({
    name: "moneta-pack-check",
    private: true,
    type: "module",
    dependencies: {
      ...dependencies,
      "@effect/platform-node": workspaceVersion("server", "@effect/platform-node"),
      effect: workspaceVersion("domain", "effect"),
      standardwebhooks: "1.1.1"
    },
    // Siblings resolve to the tarballs, never to a registry package of the same name.
    overrides: dependencies
  }, null, 2))
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], app)
  log("installed the tarballs with npm")

  copyFileSync(join(root, "scripts", "pack-check", "smoke.mjs"), join(app, "smoke.mjs"))
  const environment = { ...process.env, MONETA_DATA_DIR: "memory://", NODE_OPTIONS: "" }
  delete environment.DATABASE_URL
  execFileSync(process.execPath, ["smoke.mjs"], { cwd: app, env: environment, stdio: "inherit" })

  const moneta = join(app, "node_modules", ".bin", "moneta")
  const help = execFileSync(moneta, ["--help"], { cwd: app, encoding: "utf8", env: environment })
  for (const setting of ["PORT", "HOST", "DATABASE_URL", "MONETA_DATA_DIR", "MONETA_API_KEY", "MONETA_ENVIRONMENT", "LOG_LEVEL"]) {
    if (!help.includes(setting)) fail(`moneta --help does not list ${setting}`)
  }
  const freePort = () =>
    new Promise((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address()
        probe.close(() => resolve(port))
      })
    })
  /** The installed server with `env` added, until /ready answers; `check(url)` runs, then it is stopped with SIGINT. */
  const serveOnce = async (env, check) => {
    const port = await freePort()
    const server = spawn(moneta, [], {
      cwd: app,
      env: { ...environment, PORT: String(port), ...env },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    server.stdout.on("data", (chunk) => {
      output += chunk
    })
    server.stderr.on("data", (chunk) => {
      output += chunk
    })
    const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })))
    const deadline = Date.now() + 60_000
    let ready = false
    while (!ready && Date.now() < deadline && server.exitCode === null) {
      ready = await fetch(`http://127.0.0.1:${port}/ready`).then((response) => response.status === 200, () => false)
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (!ready) {
      server.kill("SIGKILL")
      fail(`npx moneta did not become ready: ${output}`)
    }
    await check(`http://127.0.0.1:${port}`)
    server.kill("SIGINT")
    const { code, signal } = await exited
    if (code !== 0 || !output.includes("Moneta stopped")) fail(`moneta stopped with ${code ?? signal}: ${output}`)
  }
  // The command keeps its bundle's compiled code in the temporary folder: one of its own, to look in.
  const temporary = join(work, "tmp")
  mkdirSync(temporary)
  await serveOnce({ TMPDIR: temporary }, async (url) => {
    // The dashboard's files are built beside the bundle (dist/dashboard): the installed server has no esbuild.
    const dashboard = await fetch(`${url}/dashboard`).then((response) => response.text())
    if (!/\/dashboard\/assets\/app-[0-9a-f]+\.js/.test(dashboard)) fail(`the installed server's /dashboard is not the page: ${dashboard}`)
  })
  const kept = readdirSync(join(temporary, "moneta-compile-cache"), { recursive: true }).filter((file) => String(file).endsWith(".cache"))
  if (kept.length !== 1) fail(`the moneta command kept ${kept.length} compiled code caches of its bundle, not 1`)
  log("the moneta command lists its configuration, serves /ready and /dashboard from its bundle, stops cleanly and keeps its compiled code")

  // Tracing on: the SDK the bundle leaves outside is loaded from the installed packages (it once
  // needed a package the command does not depend on, and the server would not start).
  const exports = []
  const collector = createHttpServer((request, response) => {
    let body = ""
    request.on("data", (chunk) => {
      body += chunk
    })
    request.on("end", () => {
      exports.push(body)
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise((resolve) => collector.listen(0, "127.0.0.1", resolve))
  try {
    await serveOnce({ TMPDIR: temporary, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.address().port}` }, async (url) => {
      await fetch(`${url}/accounts`).then((response) => response.text())
    })
  } finally {
    collector.close()
  }
  // The spans batched are sent as the server stops.
  if (!exports.some((body) => body.includes("http.server GET"))) fail(`no request span reached the collector: ${exports.join("\n")}`)
  log("the moneta command with tracing on starts, exports its spans over OTLP/HTTP and stops cleanly")

  // Without the reference documents built ahead, the server builds them, Scalar's script read from
  // beside the bundle (dist/scalar.cjs, scripts/bundle.mjs).
  rmSync(join(app, "node_modules", "@moneta", "server", "dist", "reference-documents"), { recursive: true, force: true })
  await serveOnce({ TMPDIR: temporary }, async (url) => {
    const page = await fetch(`${url}/docs`).then((response) => response.text())
    if (!page.includes("createApiReference")) fail(`the installed server's /docs, built in the server, is not the page: ${page.slice(0, 500)}`)
  })
  log("the moneta command builds its reference page when the one built ahead is gone")
  log("all checks passed")
} finally {
  rmSync(work, { recursive: true, force: true })
}
