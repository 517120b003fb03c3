/**
 * fast-check arbitraries for every resource, request body and event, and
 * command generators for the state machines, for property tests downstream.
 */
export {}
