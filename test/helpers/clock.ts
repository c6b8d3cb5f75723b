/**
 * A stopwatch for the tests that time what they run (growth tests, generous absolute bounds), which
 * run while other test files load the machine.
 *
 * It reads the wall clock and the process's CPU time, and gives the smaller. Under load the wall
 * clock runs on while the process waits for a core, and the longer a run the surer it is to wait:
 * best of three, one print of 16k characters measured twice its time while one of 4k fit between
 * waits, a growth of ×8 to ×10 where the CPU time gave ×4 (2026-12-02, CI). The CPU time counts V8's
 * helper threads too (compiling, collecting garbage), which the wall clock does not; where they ran,
 * the wall clock is the smaller. Both clocks count at least the work of the code under test, so
 * neither hides a slow algorithm.
 *
 * @example
 * const elapsed = startClock()
 * parse(text)
 * const ms = elapsed()
 */
export function startClock(): () => number {
  const wall = performance.now()
  const cpu = cpuMs()
  return () => Math.min(performance.now() - wall, cpuMs() - cpu)
}

/** The CPU time this process has used, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
