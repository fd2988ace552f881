// Declarations only (the header); a C target needs one source file.
#include "CTileRaceEpoll.h"
