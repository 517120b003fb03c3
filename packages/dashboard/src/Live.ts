/**
 * Live updates: polls `GET /events` in ascending order with its cursor every
 * 1.5 s (the API's own polling, through the database, so it sees what every
 * server process did). Each new batch bumps a version the pages reload on.
 */
import { useEffect, useState } from "preact/hooks"
import * as Api from "./Api.js"
import type { EventJson, PageJson } from "./Types.js"

const intervalMillis = 1_500
const pageSize = 100

let version = 0
let cursor: string | null = null
let started = false
let timer: ReturnType<typeof setTimeout> | undefined
const versionListeners = new Set<(version: number) => void>()

const pagePath = () => `/events${Api.query({ "order_by.direction": "ascending", limit: pageSize, cursor })}`

/**
 * Whether events came after the cursor, which moves past them. A full page
 * means more may follow: the cursor then moves to the newest event rather than
 * through every page in between (a page reloads whatever the number of new
 * events), so a poll costs at most two requests however fast events arrive.
 */
const readNew = async (): Promise<boolean> => {
  const page = await Api.get<PageJson<EventJson>>(pagePath())
  if (page.next_cursor !== null) cursor = page.next_cursor
  if (page.data.length === pageSize) await readNewest()
  return page.data.length > 0
}

const tick = async () => {
  try {
    if (await readNew()) announce()
  } catch {
    // A failed poll (the server restarting, the key refused) is retried; the pages show their own errors.
  }
  timer = setTimeout(() => void tick(), intervalMillis)
}

const announce = () => {
  version += 1
  versionListeners.forEach((listener) => listener(version))
}

/**
 * Where polling starts: after the newest event, whose position a newest-first page of one names
 * (an event cursor is a position, whichever order it was read in), not after the whole history.
 * With one event or none the cursor is null: the first poll reads from the beginning.
 */
const readNewest = async (): Promise<void> => {
  const page = await Api.get<PageJson<EventJson>>(`/events${Api.query({ limit: 1 })}`)
  if (page.next_cursor !== null) cursor = page.next_cursor
}

/**
 * Starts polling from the events there are now. The pages load their data
 * while this first read runs: an event committed in between would be behind
 * the cursor and missing from the page, so the pages reload once it is done.
 */
export const start = (): void => {
  if (started) return
  started = true
  void readNewest().then(announce, () => undefined).finally(() => {
    timer = setTimeout(() => void tick(), intervalMillis)
  })
}

export const stop = (): void => {
  started = false
  cursor = null
  if (timer !== undefined) clearTimeout(timer)
}

/** Calls `listener` with each new version; the function that stops it. */
export const onVersion = (listener: (version: number) => void): () => void => {
  versionListeners.add(listener)
  return () => void versionListeners.delete(listener)
}

/** A number that grows whenever new events arrive: a page's data depends on it to stay current. */
export const useVersion = (): number => {
  const [current, setCurrent] = useState(version)
  useEffect(() => onVersion(setCurrent), [])
  return current
}
