// Linux's epoll calls and types for TileRaceTransport's ReadinessPoller:
// Swift's Glibc module does not export <sys/epoll.h> (nor <sys/eventfd.h>,
// which wakes the poller's thread to stop it, nor <sys/timerfd.h>, the
// timer of the poller's loop). Empty elsewhere.
// Also the thread-affinity calls `tilerace bench server` pins processes
// with (`CPUAffinity`): Glibc exports neither sched_setaffinity nor gettid.
#ifndef CTILERACE_EPOLL_H
#define CTILERACE_EPOLL_H

#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>

/// Lets thread `tid` (0: the calling thread) run only on the `count` CPUs
/// numbered in `cpus`; returns 0, or -1 with errno set.
int ctilerace_set_affinity(int tid, const int *cpus, int count);

/// How many CPUs thread `tid` (0: the calling thread) may run on, or -1.
int ctilerace_affinity_count(int tid);
#endif

#endif
