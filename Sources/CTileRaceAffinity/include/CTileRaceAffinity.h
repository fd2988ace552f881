// Linux's thread-affinity calls for the bench's CPUAffinity: Glibc exports
// neither sched_setaffinity nor its CPU-set macros. Empty elsewhere.
#ifndef CTILERACE_AFFINITY_H
#define CTILERACE_AFFINITY_H

#ifdef __linux__
/// Lets thread `tid` (0: the calling thread) run only on the `count` CPUs
/// numbered in `cpus`; returns 0, or -1 with errno set.
int ctilerace_set_affinity(int tid, const int *cpus, int count);

/// How many CPUs thread `tid` (0: the calling thread) may run on, or -1.
int ctilerace_affinity_count(int tid);
#endif

#endif
