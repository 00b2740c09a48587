/*
 * Code shared by the boot images (BL1, BL2, BL31).
 */
#ifndef COMMON_BL_COMMON_H
#define COMMON_BL_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <lib/mem_ranges.h>

#include <tools_share/fip.h>

/* Linker-script symbols every image defines (bl*.ld.S). */
extern char __TEXT_START__[], __TEXT_END__[];
extern char __RODATA_START__[], __RODATA_END__[];
extern char __RW_START__[], __RW_END__[];
extern char __STACKS_START__[], __STACK_TOP__[];

/*
 * Map this image (code read-only and executable, read-only data, then
 * read-write data execute-never), the platform's devices, the image's
 * @regions and the platform's @plat regions, and turn the EL3 MMU on.
 * Panics if the tables cannot describe the map: the map is fixed at build
 * time, so that is a build error.
 */
struct mmap_region;
/*
 * The most regions one image's map may have (its three spans, the
 * platform's devices, @regions and @extra): the map is built on the stack
 * (24 bytes a region). N1SDP's BL2 has 17 with N1SDP_DRAM_ECC=1
 * (plat/n1sdp/tests/test_n1sdp.c checks every image against this).
 */
#define BL_MAX_REGIONS 20U
void bl_setup_mmu(const struct mmap_region *regions, unsigned int count,
                  const struct mmap_region *extra, unsigned int extra_count);

/*
 * bl_fip_toc() - the FIP at @fip_base (at most @max_size bytes), validated
 * by fip_parse() on the first call and remembered: each image parses its
 * FIP's ToC once (docs/perf/boot.rst). NULL, after an ERROR naming the
 * problem, if it is malformed. Look-ups (fip_find()) read the entries from
 * the FIP again and check each still lies inside it.
 */
const struct fip_toc *bl_fip_toc(uintptr_t fip_base, size_t max_size);

/*
 * Validate the FIP at @fip_base (at most @max_size bytes), find the image
 * with @uuid and check that it fits [@dest, @limit). Returns the image size
 * in bytes with *@data pointing at it in the FIP, or a negative value after
 * printing an ERROR naming the problem: a malformed FIP, a missing or empty
 * image, or an image larger than the region. Writes nothing.
 */
long bl_find_fip_image(uintptr_t fip_base, size_t max_size, const struct fip_uuid *uuid,
                       const char *name, uintptr_t dest, uintptr_t limit, const void **data);

/*
 * Copy @size bytes of image @name from @data to @dest and clean them to the
 * Point of Coherency, so that the image can run with caches off. (With
 * trusted board boot the loaders copy with bl_auth_load_image(), which
 * authenticates as it copies.)
 */
void bl_copy_image(const char *name, uintptr_t dest, const void *data, size_t size);

/*
 * Stack high-water mark of a single-stack image (BL1, BL2): paint the
 * unused part of [__STACKS_START__, __STACK_TOP__) once, early; later,
 * bl_stack_used() returns the bytes that were ever used (counted from the
 * deepest word no longer painted). Calls must come from the stack measured.
 */
void bl_stack_paint(void);
size_t bl_stack_used(void);
/* The stack's size in bytes. */
size_t bl_stack_size(void);

/* Program CNTFRQ_EL0 with the platform's counter frequency (ARM DDI 0487 D11.1.2). */
void bl_program_cntfrq(void);

/*
 * Hand-off from BL2 to BL31, passed in x0. BL31 copies it at entry: it
 * lives in BL2's memory.
 *  ns_dram: the non-secure DRAM the normal world has, as BL2 found it
 *     (struct plat_ns_dram: the DTB's /memory on QEMU, the SCP's DDR size
 *     on N1SDP, less the firmware's carve-outs). Every entry point PSCI
 *     takes (CPU_ON, a power-down CPU_SUSPEND, SYSTEM_SUSPEND) must lie in
 *     it (DEN0022 5.1.4, INVALID_ADDRESS), as TF-A's Arm platforms check
 *     theirs against DRAM1 and DRAM2;
 *  pmf_ring_kept: 1 when the PMF call ring's window is kept from the
 *     normal world's memory (BL2 reserved it in the DTB, or the window lies
 *     outside ns_dram); 0 when it is the normal world's, and BL31 never
 *     maps, clears or writes it (lib/pmf, docs/design/pmf.rst).
 */
#define BL31_PARAMS_MAGIC 0x3133424c5746314eULL /* "N1FWLB31" */
struct bl31_params {
	uint64_t magic;
	uint64_t bl33_entry; /* non-secure entry point, NS-EL2 */
	uint64_t bl33_arg0;  /* x0 for BL33: the DTB address */
	uint64_t pmf_ring_kept;
	struct mem_ranges ns_dram;
};

#endif
