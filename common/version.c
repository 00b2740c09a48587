/*
 * The version and build time every image prints in its banner.
 */
#include <common/debug.h>

#ifndef BUILD_VERSION
#define BUILD_VERSION "dev"
#endif

const char build_version_string[] = "v" BUILD_VERSION "(" BUILD_TYPE_STRING ")";
const char build_message[] = "Built : " __TIME__ ", " __DATE__;
