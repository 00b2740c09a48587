/*
 * The version, build time and options every image prints in its banner:
 * BUILD_OPTIONS_ID is the first 8 hex digits of the SHA-256 of the build's
 * config.h (the Makefile's options_id.h), by which a console log finds the
 * build that made it (tools/rt_report/provenance.py).
 */
#include <common/debug.h>
#include <options_id.h>

#ifndef BUILD_VERSION
#define BUILD_VERSION "dev"
#endif

const char build_version_string[] = "v" BUILD_VERSION "(" BUILD_TYPE_STRING ")";
const char build_message[] = "Built : " __TIME__ ", " __DATE__ ", options " BUILD_OPTIONS_ID;
