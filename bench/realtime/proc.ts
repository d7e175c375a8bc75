/** Reads another process's resource use from /proc (Linux): what the benches report about a server child. */
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = 100; // USER_HZ: 100 on every mainstream Linux architecture

/** The CPU fields of /proc/PID/stat in seconds: its own user and system time, then its waited-for children's. */
function cpuTimes(pid: number): [number, number, number, number] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const at = (i: number) => Number(fields[i]) / CLOCK_TICKS;
  return [at(11), at(12), at(13), at(14)];
}

/** User + system CPU time the process has used so far, in seconds. */
export function cpuSeconds(pid: number): number {
  const [user, system] = cpuTimes(pid);
  return user + system;
}

/** cpuSeconds plus the CPU of its children that ended and were waited for (PostgreSQL's ended backends count into the postmaster). */
export function cpuSecondsWithEndedChildren(pid: number): number {
  return cpuTimes(pid).reduce((sum, t) => sum + t, 0);
}

/** Resident set size (VmRSS) in bytes. */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** Write system calls the process has made so far (/proc/PID/io syscw: write, writev, sendto, sendmsg; sockets, pipes and files). */
export function writeCalls(pid: number): number {
  const match = /^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
  if (!match?.[1]) throw new Error(`no syscw for pid ${pid}`);
  return Number(match[1]);
}

/** The whole machine's CPU seconds so far, summed over its cores. */
export interface MachineCpu {
  /** What ran: user, nice, system and interrupt time. */
  busy: number;
  /** That, idle, I/O wait and steal (time the hypervisor gave to others). */
  total: number;
}

/**
 * MachineCpu from /proc/stat's first line. Between two readings, busy / total is how much of every
 * core was used by whatever ran: the server, PostgreSQL, Redis, the load generator, anything else.
 */
export function machineCpuSeconds(): MachineCpu {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is inside user already)
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq;
  return { busy: busy / CLOCK_TICKS, total: (busy + idle + iowait + steal) / CLOCK_TICKS };
}
