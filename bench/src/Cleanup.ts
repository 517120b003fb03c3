/**
 * What to stop if the benchmark is interrupted (Ctrl-C, SIGTERM): the servers
 * it started and the throwaway Postgres cluster, which would otherwise outlive it.
 */
const pending = new Set<() => Promise<void>>()

let installed = false

const install = () => {
  if (installed) return
  installed = true
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void Promise.allSettled([...pending].map((stop) => stop())).then(() => process.exit(130))
    })
  }
}

/** Runs `use` with a resource, and stops it afterwards or when the process is interrupted. */
export const withResource = async <R, A>(
  acquire: () => Promise<R>,
  stop: (resource: R) => Promise<void>,
  use: (resource: R) => Promise<A>
): Promise<A> => {
  install()
  const resource = await acquire()
  const release = () => stop(resource)
  pending.add(release)
  try {
    return await use(resource)
  } finally {
    pending.delete(release)
    await release()
  }
}

/** `withResource` over each of `items`, acquired in order: `use` gets them all, in the same order. */
export const withResources = <I, R, A>(
  items: ReadonlyArray<I>,
  acquire: (item: I) => Promise<R>,
  stop: (resource: R) => Promise<void>,
  use: (resources: ReadonlyArray<R>) => Promise<A>
): Promise<A> => {
  const [first, ...rest] = items
  return first === undefined
    ? use([])
    : withResource(
      () => acquire(first),
      stop,
      (resource) => withResources(rest, acquire, stop, (others) => use([resource, ...others]))
    )
}
