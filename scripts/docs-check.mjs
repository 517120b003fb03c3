// Runs the fenced blocks of docs/*.md and examples/*/README.md as a reader would: the commands against a
// sandbox server this check starts (as `pnpm start` starts it, on a new data directory), twice, and the
// TypeScript samples type-checked. Run by .ci/run, after readme-check. (README.md's "Try it" is
// scripts/readme-check.mjs's; docs/host-app.md is examples/host-app/test/guide.test.ts's.)
//
// Every fenced block of those files is preceded by a marker comment (an unmarked block fails the check, so
// a new block cannot go unchecked):
//   <!-- docs-check: run [once] [prints "TEXT"…] --> a shell block, run by `bash -eo pipefail -c` from the
//                                               repository root; it must print each TEXT, in order;
//                                               once: it makes no state (a test run), the first run only
//   <!-- docs-check: serve URL [prints-key] --> a shell block that starts a server, run in a process group
//                                               of its own until URL answers; later blocks of the file run
//                                               beside it with its `export`ed variables; Ctrl-C (SIGINT to
//                                               the group) stops it before the file's next serve block or
//                                               at the file's end, and it must exit 0. prints-key: the key
//                                               it prints is "the key" of later blocks
//   <!-- docs-check: typecheck NAME [after PROGRAM] --> a TypeScript sample: the program NAME is PROGRAM's
//                                               blocks (if given) and this one, with their imports merged
//                                               and the names the text leaves to the reader declared in
//                                               scripts/docs-check-names/<file>.d.ts; tsc checks it (strict,
//                                               the packages' dist/ declarations: run `pnpm check` first)
//   <!-- docs-check: manual -->                 a command CI does not run; the prose right above the block
//                                               must say why, with the words "not run by CI"
//   <!-- docs-check: text -->                   not a command: a diagram, a command's output
// In commands, `127.0.0.1:4010` is the check's sandbox server; any other `127.0.0.1:PORT` is a free port
// (a serve block's URL port is given to it as PORT); `moneta_sandbox_...` is the key (the sandbox's, or what
// a `prints-key` server printed); every block gets MONETA_URL (the sandbox) and MONETA_DATA_DIR (a folder of
// the file's, kept between the two runs) in its environment.
//
//   node scripts/docs-check.mjs [FILE…]    (FILE…: only these, e.g. while writing one;
//                                          DOCS_CHECK_KEEP=1 keeps its folder, the programs in typecheck/)
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join } from "node:path"
import {
  freePort,
  root,
  runToEnd,
  sandboxApiKey,
  startInBackground,
  startSandbox,
  waitUntilAnswering
} from "./check-support.mjs"

const started = Date.now()
const log = (message) => console.log(`docs-check: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
const fail = (message) => {
  throw new Error(`docs-check: ${message}`)
}

/** The files checked here: every docs/*.md but host-app.md, and every example's README. */
const checkedFiles = () => [
  ...readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md") && name !== "host-app.md")
    .map((name) => `docs/${name}`),
  ...readdirSync(join(root, "examples"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, "examples", entry.name, "README.md")))
    .map((entry) => `examples/${entry.name}/README.md`)
].sort()

const kinds = new Set(["run", "serve", "typecheck", "manual", "text"])

/** The marked fenced blocks of one file; fails on a block without a marker. */
const blocksOf = (file) => {
  const markdown = readFileSync(join(root, file), "utf8")
  const blocks = []
  const fence = /^(?:<!-- docs-check: ([^>]*?) -->\n)?```(\w*)[^\n]*\n([\s\S]*?)^```$/gm
  for (const match of markdown.matchAll(fence)) {
    const [, marker, language, text] = match
    const line = markdown.slice(0, match.index).split("\n").length
    const where = `${file}:${line}`
    if (marker === undefined) fail(`${where}: a fenced block has no docs-check marker:\n${text}`)
    const [kind, ...rest] = marker.split(/\s+/)
    if (!kinds.has(kind)) fail(`${where}: unknown docs-check marker "${kind}"`)
    if ((kind === "run" || kind === "serve") && language !== "sh") fail(`${where}: a ${kind} block must be \`\`\`sh`)
    if (kind === "typecheck" && language !== "ts") fail(`${where}: a typecheck block must be \`\`\`ts`)
    if (kind === "manual") {
      const prose = markdown.slice(0, match.index).trimEnd().split(/\n\s*\n/).pop() ?? ""
      if (!/not run by CI/i.test(prose)) fail(`${where}: the prose right above a manual block must say why it is "not run by CI"`)
    }
    blocks.push({ kind, argument: rest.join(" "), language, text, where })
  }
  return blocks
}

// ---- TypeScript samples -------------------------------------------------------------------------------

const importLine = /^import (type )?\{([^}]*)\} from "([^"]+)"[^\n]*$|^import [^\n]+ from "([^"]+)"[^\n]*$/gm

/** The blocks' imports merged (one named import per module), then their code without them. */
const programText = (blocks) => {
  const named = new Map()
  const others = new Set()
  const bodies = []
  for (const block of blocks) {
    for (const match of block.text.matchAll(importLine)) {
      const [line, typeOnly, names, module] = match
      if (names === undefined || typeOnly !== undefined) {
        others.add(line.replace(/\s*\/\/.*$/, ""))
        continue
      }
      const merged = named.get(module) ?? new Set()
      for (const name of names.split(",").map((name) => name.trim()).filter((name) => name !== "")) merged.add(name)
      named.set(module, merged)
    }
    bodies.push(block.text.replace(importLine, "").trim())
  }
  const imports = [...[...named].map(([module, names]) => `import { ${[...names].join(", ")} } from "${module}"`), ...others]
  return `${imports.join("\n")}\n\n${bodies.join("\n\n")}\n`
}

/** Where a bare module specifier resolves in the workspace (its real folder), for the programs' node_modules. */
const locate = (name) => {
  if (name.startsWith("@moneta/")) return join(root, "packages", name.slice("@moneta/".length))
  const folders = ["", ...["packages", "examples"].flatMap((parent) =>
    readdirSync(join(root, parent)).map((entry) => join(parent, entry))
  )]
  for (const folder of folders) {
    const candidate = join(root, folder, "node_modules", name)
    if (existsSync(candidate)) return realpathSync(candidate)
  }
  fail(`a TypeScript sample imports "${name}", which no package of the workspace has`)
}

/** Type-checks every typecheck program of every file with one tsc run. */
const typecheck = async (work, files) => {
  const folder = join(work, "typecheck")
  mkdirSync(join(folder, "node_modules", "@types"), { recursive: true })
  writeFileSync(join(folder, "package.json"), JSON.stringify({ type: "module" }))
  const sources = []
  const packages = new Set(["@types/node"])
  for (const { file, blocks } of files) {
    const programs = new Map()
    const stem = file.replaceAll("/", "-").replace(/\.md$/, "")
    const names = join(root, "scripts", "docs-check-names", `${stem}.d.ts`)
    for (const block of blocks.filter((block) => block.kind === "typecheck")) {
      const [name, after, base] = block.argument.split(/\s+/)
      if (name === undefined || name === "" || (after !== undefined && (after !== "after" || base === undefined))) {
        fail(`${block.where}: the marker is "typecheck NAME [after PROGRAM]"`)
      }
      if (programs.has(name)) fail(`${block.where}: a second program named ${name}`)
      const before = after === undefined ? [] : programs.get(base)
      if (before === undefined) fail(`${block.where}: no program ${base} before it`)
      const program = [...before, block]
      programs.set(name, program)
      const source = join(folder, `${stem}.${name}.ts`)
      const text = programText(program)
      // A copy beside the programs: its imports resolve from their node_modules.
      if (existsSync(names)) writeFileSync(join(folder, `${stem}.names.d.ts`), readFileSync(names))
      writeFileSync(source, existsSync(names) ? `/// <reference path="./${stem}.names.d.ts" />\n${text}` : text)
      sources.push(source)
      for (const [, , , named, other] of text.matchAll(importLine)) {
        const specifier = named ?? other
        if (specifier.startsWith("node:") || specifier.startsWith(".")) continue
        packages.add(specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/"))
      }
    }
  }
  if (sources.length === 0) return 0
  for (const name of packages) {
    const link = join(folder, "node_modules", name)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(name === "@types/node" ? realpathSync(join(root, "node_modules", "@types", "node")) : locate(name), link)
  }
  writeFileSync(
    join(folder, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2022"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: true,
        noEmit: true,
        types: ["node"]
        // The workspace's packages by their declarations in dist/ (`pnpm check` writes them, before this in
        // .ci/run), as an application that installed them sees them: a third of the time of their sources.
      },
      files: sources
    })
  )
  await runToEnd(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", folder], {
    cwd: folder,
    env: process.env
  }).catch((error) => {
    // The programs named in the errors, numbered: their lines are the errors' lines.
    const named = sources.filter((source) => error.message.includes(basename(source)))
    const listings = named.map((source) =>
      `${basename(source)}:\n${
        readFileSync(source, "utf8").split("\n").map((line, index) => `${String(index + 1).padStart(4)} ${line}`).join("\n")
      }`
    )
    fail(`the TypeScript samples do not type-check:\n${error.message}\n${listings.join("\n")}`)
  })
  return sources.length
}

// ---- commands -----------------------------------------------------------------------------------------

/** A run block's options: `once`, and the quoted texts of `prints "A" "B"`. */
const runOptionsOf = (block) => {
  const match = block.argument.match(/^(once)?\s*(?:prints((?: "[^"]*")+))?$/)
  if (match === null) fail(`${block.where}: the marker is "run [once] [prints \\"TEXT\\"…]"`)
  return {
    once: match[1] !== undefined,
    prints: [...(match[2] ?? "").matchAll(/"([^"]*)"/g)].map(([, text]) => text)
  }
}

/** A free port for each `127.0.0.1:PORT` of the files' commands (but 4010, the sandbox's), the same in both runs. */
const portsOf = async (files, sandboxPort) => {
  const ports = new Map([["4010", String(sandboxPort)]])
  for (const { blocks } of files) {
    for (const block of blocks.filter((block) => block.kind === "run" || block.kind === "serve")) {
      for (const [, port] of `${block.argument} ${block.text}`.matchAll(/127\.0\.0\.1:(\d+)/g)) {
        if (!ports.has(port)) ports.set(port, String(await freePort()))
      }
    }
  }
  return ports
}

/** Runs one file's commands in order, as a reader with a terminal per server would; its servers stopped at the end. */
const runCommands = async ({ file, blocks }, { pass, ports, sandboxPort, work }) => {
  const dataDir = join(work, "data", file.replaceAll("/", "-"))
  const pointed = (text) => text.replace(/127\.0\.0\.1:(\d+)/g, (_, port) => `127.0.0.1:${ports.get(port)}`)
  const environment = {
    ...process.env,
    ...(sandboxPort === undefined ? {} : { MONETA_URL: `http://127.0.0.1:${sandboxPort}` }),
    MONETA_DATA_DIR: dataDir,
    // The node running this check first: the blocks call `node`.
    PATH: `${dirname(process.execPath)}:${process.env.PATH}`
  }
  delete environment.DATABASE_URL
  delete environment.MONETA_API_KEY
  let key = sandboxApiKey
  let exports = ""
  let server
  const stopServer = async () => {
    if (server === undefined) return
    const { background, block } = server
    server = undefined
    const how = await background.stop()
    if (how !== 0) fail(`${block.where}: Ctrl-C ended it with ${how}, not 0; it printed:\n${background.output()}`)
  }
  try {
    for (const block of blocks.filter((block) => block.kind === "run" || block.kind === "serve")) {
      const text = pointed(block.text).replaceAll("moneta_sandbox_...", key)
      const script = `${exports}${text}`
      const failed = (error) => fail(`${block.where} failed: ${error.message}`)
      if (process.env.DOCS_CHECK_VERBOSE !== undefined) log(`${block.where}: ${block.kind}`)
      if (block.kind === "run") {
        const { once, prints } = runOptionsOf(block)
        if (once && pass !== "first") continue
        const output = await runToEnd("bash", ["-eo", "pipefail", "-c", script], { cwd: root, env: environment })
          .catch(failed)
        let from = 0
        for (const text of prints) {
          const at = output.indexOf(text, from)
          if (at < 0) fail(`${block.where} did not print "${text}" (after what came before); it printed:\n${output}`)
          from = at + text.length
        }
      } else {
        await stopServer()
        const [url, option] = block.argument.split(/\s+/)
        if (url === undefined || !url.startsWith("http://127.0.0.1:") || (option !== undefined && option !== "prints-key")) {
          fail(`${block.where}: the marker is "serve URL [prints-key]"`)
        }
        const port = url.match(/127\.0\.0\.1:(\d+)/)[1]
        const background = startInBackground("bash", ["-eo", "pipefail", "-c", script], {
          cwd: root,
          env: { ...environment, PORT: ports.get(port) }
        })
        server = { background, block }
        await waitUntilAnswering(pointed(url), background, { what: block.where }).catch(failed)
        if (option === "prints-key") {
          const printed = await waitForKey(background).catch(failed)
          key = printed
        }
        exports += text.split("\n").filter((line) => /^export \w+=/.test(line)).map((line) => `${line}\n`).join("")
      }
    }
  } finally {
    await stopServer()
  }
}

/** The API key a server prints, once it has. */
const waitForKey = async (background) => {
  const deadline = Date.now() + 60_000
  for (;;) {
    const key = background.output().match(/moneta_sandbox_[\w-]+/)?.[0]
    if (key !== undefined) return key
    if (background.hasExited() || Date.now() > deadline) throw new Error(`it printed no key:\n${background.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Whether a file's commands use the sandbox: its address, or its key before a server of the file printed one. */
const usesSandbox = ({ blocks }) => {
  const commands = blocks.filter((block) => block.kind === "run" || block.kind === "serve")
  const keyServer = commands.findIndex((block) => block.argument.includes("prints-key"))
  return commands.some((block, index) =>
    block.text.includes("127.0.0.1:4010") ||
    (block.text.includes("moneta_sandbox_...") && (keyServer < 0 || index <= keyServer))
  )
}

/**
 * Every file's commands, twice in a row, the files side by side (as readers of different pages would),
 * those that use it against one sandbox started meanwhile.
 */
const runAllCommands = async (commands, work) => {
  if (commands.length === 0) return
  const sandboxStarted = commands.some(usesSandbox)
    ? startSandbox(join(work, "sandbox")).then((sandbox) => {
      log(`pnpm start served on port ${sandbox.port}`)
      return sandbox
    })
    : Promise.resolve(undefined)
  // Reported by the file that waits for it; caught here so that it is never an unhandled rejection.
  sandboxStarted.catch(() => undefined)
  const ports = await portsOf(commands, 4010)
  try {
    await Promise.all(commands.map(async (file) => {
      const sandbox = usesSandbox(file) ? await sandboxStarted : undefined
      const sandboxPort = sandbox?.port
      if (sandboxPort !== undefined) ports.set("4010", String(sandboxPort))
      for (const pass of ["first", "second"]) {
        await runCommands(file, { pass, ports, sandboxPort, work }).catch((error) => {
          fail(`the ${pass} run failed: ${error.message}${sandbox === undefined ? "" : `\nthe sandbox printed:\n${sandbox.output()}`}`)
        })
        log(`${file.file}: its commands ran (${pass} run)`)
      }
    }))
  } finally {
    const sandbox = await sandboxStarted.catch(() => undefined)
    await sandbox?.stop()
  }
}

const main = async () => {
  const only = process.argv.slice(2)
  const files = (only.length > 0 ? only : checkedFiles()).map((file) => ({ file, blocks: blocksOf(file) }))
  const count = (kind) => files.reduce((sum, { blocks }) => sum + blocks.filter((block) => block.kind === kind).length, 0)
  log(`${files.length} files: ${count("run") + count("serve")} commands to run, ${count("typecheck")} samples to type-check, ${count("manual")} commands not run by CI, ${count("text")} other blocks`)
  const work = mkdtempSync(join(tmpdir(), "moneta-docs-check-"))
  try {
    const commands = files.filter(({ blocks }) => blocks.some((block) => block.kind === "run" || block.kind === "serve"))
    // Side by side; a failure of either reported once both are done.
    const [ran, checked] = await Promise.allSettled([runAllCommands(commands, work), typecheck(work, files)])
    if (ran.status === "rejected") throw ran.reason
    if (checked.status === "rejected") throw checked.reason
    log(`every command ran twice; ${checked.value} TypeScript programs type-check`)
  } finally {
    if (process.env.DOCS_CHECK_KEEP === undefined) rmSync(work, { recursive: true, force: true })
    else log(`kept ${work} (DOCS_CHECK_KEEP)`)
  }
}

await main().catch((error) => {
  console.error(error.message)
  process.exitCode = 1
})
