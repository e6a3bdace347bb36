// The build's commit and date, passed by Package.swift as C defines when the build's environment
// sets YTCRAWL_BUILD_COMMIT and YTCRAWL_BUILD_DATE (scripts/dist.sh, run by make dist);
// "unknown" otherwise. Only this file is recompiled when they change.
#include "CBuildInfo.h"

#ifndef YTCRAWL_BUILD_COMMIT
#define YTCRAWL_BUILD_COMMIT "unknown"
#endif
#ifndef YTCRAWL_BUILD_DATE
#define YTCRAWL_BUILD_DATE "unknown"
#endif

const char *ytcrawl_build_commit(void) { return YTCRAWL_BUILD_COMMIT; }

const char *ytcrawl_build_date(void) { return YTCRAWL_BUILD_DATE; }
