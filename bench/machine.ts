import { cpus, freemem, platform, release, totalmem } from 'node:os';

/** One line about the machine, printed beside every figure so numbers are never read out of context. */
export function describeMachine(): string {
  const cpu = cpus();
  const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(0)} GiB`;
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${gib(totalmem())} RAM (${gib(freemem())} free), ${platform()} ${release()}, Node ${process.version}`;
}
