#!/usr/bin/env node
/** `pnpm start`: the Moneta server. SIGINT/SIGTERM stop it gracefully (in-flight requests finish, the database closes). */
import { NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import * as Server from "./Server.js"

NodeRuntime.runMain(Layer.launch(Server.layer))
