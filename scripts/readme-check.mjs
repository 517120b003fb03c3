// Runs the README's "Try it" blocks as a newcomer would, twice, against a
// sandbox server started as `pnpm start` starts it, on a new data directory: the check
// fails if any block fails, on either run. Run by .ci/run (after start-check,
// so the server's bundle is already built).
//
// Every fenced block of the "Try it" section is preceded by a marker comment
// (an unmarked block there fails the check, so a new block cannot go unchecked):
//   <!-- readme-check: run -->           a shell block, run by `bash -eo pipefail -c` in the folder
//   <!-- readme-check: repo -->          a shell block run the same way in the repository's root
//                                        (`pnpm moneta …`), with MONETA_BASE_URL pointing at the server
//   <!-- readme-check: install -->       `npm install increase@<version>`: linked to the repository's copy
//                                        of `increase` (its version checked), or run as written with --npm
//   <!-- readme-check: file NAME.mjs --> a module saved as NAME.mjs in the folder and run with
//                                        `node NAME.mjs`, then saved as NAME.mts and run with tsx
//   <!-- readme-check: skip -->          not run (the key export: the check sets MONETA_API_KEY itself)
// All blocks run in one new empty folder, in README order; the second run reuses it, as a person
// trying the blocks again would. `127.0.0.1:4010` in a block is replaced by the started server's address.
//
//   node scripts/readme-check.mjs [--npm]
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { parseArgs } from "node:util"
import { root, runToEnd as run, sandboxApiKey as apiKey, startSandbox as startServer } from "./check-support.mjs"

const { values: options } = parseArgs({ options: { npm: { type: "boolean", default: false } } })
const started = Date.now()

const log = (message) => console.log(`readme-check: ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
const fail = (message) => {
  throw new Error(`readme-check: ${message}`)
}

/** The fenced blocks of the README's "Try it" section with the marker before each. */
const tryItBlocks = () => {
  const readme = readFileSync(join(root, "README.md"), "utf8")
  const section = readme.match(/^## Try it\n([\s\S]*?)(?=^## )/m)?.[1]
  if (section === undefined) fail("README.md has no \"## Try it\" section")
  const blocks = []
  const fence = /(?:<!-- readme-check: ([^>]*?) -->\n)?```(\w*)\n([\s\S]*?)^```$/gm
  for (const [, marker, language, text] of section.matchAll(fence)) {
    if (marker === undefined) fail(`a block of "Try it" has no readme-check marker:\n${text}`)
    const [kind, ...rest] = marker.split(/\s+/)
    const expected = kind === "file" ? "js" : "sh"
    if (language !== expected) fail(`a "${kind}" block of "Try it" must be \`\`\`${expected}, not \`\`\`${language}`)
    blocks.push({ kind, argument: rest.join(" "), text })
  }
  if (!blocks.some((block) => block.kind === "run")) fail("no block of \"Try it\" is marked to run")
  return blocks
}

/** Puts the repository's copy of `increase` where `npm install increase@<version>` would. */
const linkIncrease = (folder, text) => {
  const wanted = text.match(/^npm install increase@(\S+)$/m)?.[1]
  if (wanted === undefined) fail(`the install block is not \`npm install increase@<version>\`:\n${text}`)
  const ours = realpathSync(join(root, "packages", "http", "node_modules", "increase"))
  const version = JSON.parse(readFileSync(join(ours, "package.json"), "utf8")).version
  if (version !== wanted && !version.startsWith(`${wanted}.`)) {
    fail(`the README installs increase@${wanted}; the repository tests increase@${version}`)
  }
  mkdirSync(join(folder, "node_modules"), { recursive: true })
  rmSync(join(folder, "node_modules", "increase"), { force: true })
  // Its own dependencies resolve from its real location in pnpm's store.
  symlinkSync(ours, join(folder, "node_modules", "increase"))
}

const tsx = join(root, "node_modules", ".bin", "tsx")

/** Runs one block as its marker says, its text already pointed at the started server. */
const runBlock = async ({ argument, kind }, text, folder, env) => {
  if (kind === "skip") return
  if (kind === "run" || (kind === "install" && options.npm)) {
    await run("bash", ["-eo", "pipefail", "-c", text], { cwd: folder, env })
  } else if (kind === "repo") {
    await run("bash", ["-eo", "pipefail", "-c", text], { cwd: root, env })
  } else if (kind === "install") {
    linkIncrease(folder, text)
  } else if (kind === "file") {
    if (!/^[\w-]+\.mjs$/.test(argument)) fail(`a file block must be named <name>.mjs, not "${argument}"`)
    writeFileSync(join(folder, argument), text)
    await run(process.execPath, [argument], { cwd: folder, env })
    // The README says the same code runs as TypeScript with tsx.
    const typescript = argument.replace(/\.mjs$/, ".mts")
    writeFileSync(join(folder, typescript), text)
    await run(tsx, [typescript], { cwd: folder, env })
  } else {
    fail(`unknown readme-check marker "${kind}"`)
  }
}

const runBlocks = async (blocks, folder, port) => {
  const env = {
    ...process.env,
    MONETA_API_KEY: apiKey,
    MONETA_BASE_URL: `http://127.0.0.1:${port}`,
    // The node running this check first: the blocks call `node`.
    PATH: `${dirname(process.execPath)}:${process.env.PATH}`
  }
  delete env.DATABASE_URL
  for (const [index, block] of blocks.entries()) {
    const text = block.text.replaceAll("127.0.0.1:4010", `127.0.0.1:${port}`)
    await runBlock(block, text, folder, env).catch((error) => {
      const firstLine = block.text.split("\n")[0]
      const marker = [block.kind, block.argument].filter((word) => word !== "").join(" ")
      throw new Error(`block ${index + 1} (${marker}: ${firstLine} …) failed: ${error.message}`)
    })
  }
}

const main = async () => {
  const blocks = tryItBlocks()
  const work = mkdtempSync(join(tmpdir(), "moneta-readme-check-"))
  try {
    const folder = join(work, "try-it")
    mkdirSync(folder)
    const server = await startServer(join(work, "data"))
    log(`pnpm start served on port ${server.port}; ${blocks.length} blocks`)
    try {
      for (const pass of ["first", "second"]) {
        await runBlocks(blocks, folder, server.port).catch((error) => {
          fail(`the ${pass} run failed: ${error.message}\nthe server printed:\n${server.output()}`)
        })
        log(`the ${pass} run of every block succeeded`)
      }
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

await main().catch((error) => {
  console.error(error.message)
  process.exitCode = 1
})
