/** Types of `free-port.mjs`: free TCP ports on 127.0.0.1 for the servers tests start. */
export function freePorts(count: number): Promise<number[]>;
export function freePort(): Promise<number>;
