// Linux's epoll calls and types for TileRaceTransport's ReadinessPoller:
// Swift's Glibc module does not export <sys/epoll.h>. Empty elsewhere.
#ifndef CTILERACE_EPOLL_H
#define CTILERACE_EPOLL_H

#ifdef __linux__
#include <sys/epoll.h>
#endif

#endif
