/*
 * N1SDP's Compute Subsystem power_state for SCMI POWER_STATE_SET: one
 * nibble per power level, 1 = on, 0 = off, up to the highest level
 * changed, which goes in bits 19:16. Powering a core on: every level on.
 * E.g. core on 0x00020111, core off 0x00000000, core + cluster off
 * 0x00010000.
 */
#ifndef N1SDP_CSS_H
#define N1SDP_CSS_H

#include <stdbool.h>
#include <stdint.h>

#include <lib/psci/psci_coord.h>

#define CSS_PSTATE_LEVEL_SHIFT 16
#define CSS_PSTATE_LEVEL_BITS  4U
#define CSS_PSTATE_ON          1U
#define CSS_PSTATE_ALL_ON      0x111U

/* The CSS power_state for @state (ignored when @power_on). */
uint32_t n1sdp_css_power_state(const struct psci_power_state *state, bool power_on);

#endif
