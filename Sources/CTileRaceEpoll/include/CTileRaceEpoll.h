// Linux's epoll calls and types for TileRaceTransport's ReadinessPoller:
// Swift's Glibc module does not export <sys/epoll.h> (nor <sys/eventfd.h>,
// which wakes the poller's thread to stop it, nor <sys/timerfd.h>, the
// timer of the poller's loop). Empty elsewhere.
#ifndef CTILERACE_EPOLL_H
#define CTILERACE_EPOLL_H

#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#endif

#endif
