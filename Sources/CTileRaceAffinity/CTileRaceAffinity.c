// _GNU_SOURCE before <sched.h>, for cpu_set_t and its macros.
#ifdef __linux__
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "CTileRaceAffinity.h"

#ifdef __linux__
int ctilerace_set_affinity(int tid, const int *cpus, int count) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int index = 0; index < count; index++) {
        if (cpus[index] < 0 || cpus[index] >= CPU_SETSIZE) return -1;
        CPU_SET(cpus[index], &set);
    }
    return sched_setaffinity(tid, sizeof set, &set);
}

int ctilerace_affinity_count(int tid) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(tid, sizeof set, &set) != 0) return -1;
    return CPU_COUNT(&set);
}
#endif
