// The target is its header; SwiftPM wants one source file.
#include "CTileRaceEpoll.h"
