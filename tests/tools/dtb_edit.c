/*
 * dtb_edit: host tool that derives test DTBs from a real one (QEMU's
 * dumpdtb output) with Debian's host libfdt, for the integration tests and
 * the fuzz seed corpus. Not part of any image.
 *
 *   dtb_edit IN OUT OP...      OPs applied in order:
 *     rm-node PATH             delete the node and its subtree
 *     rm-prop PATH NAME        delete one property
 *     add-node PARENT NAME     add an empty node under PARENT
 *     set-u32 PATH NAME V      set a one-cell property to V
 *     cpus N                   replace /cpus by one with N cpu@<i> nodes
 *                              (device_type "cpu", reg <i>, compatible)
 *     set-zeros PATH NAME N    set a property to N zero bytes
 *     dup-prop PATH NAME V     another NAME (one cell, V) in the node
 *                              beside its own: what libfdt never writes
 *     pad N                    leave N bytes of free space at the end
 *
 * The result is packed (no free space) unless pad is given.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#define WORK_SIZE (16u << 20) /* bytes: room for any test DTB */

static void die(const char *what, int err)
{
	fprintf(stderr, "dtb_edit: %s: %s\n", what, err < 0 ? fdt_strerror(err) : strerror(err));
	exit(1);
}

static int node_at(void *fdt, const char *path)
{
	int node = fdt_path_offset(fdt, path);

	if (node < 0)
		die(path, node);
	return node;
}

static void make_cpus(void *fdt, unsigned long count)
{
	int old = fdt_path_offset(fdt, "/cpus");
	int cpus, rc;

	if (old >= 0 && (rc = fdt_del_node(fdt, old)) < 0)
		die("/cpus", rc);
	cpus = fdt_add_subnode(fdt, 0, "cpus");
	if (cpus < 0)
		die("add /cpus", cpus);
	rc = fdt_setprop_u32(fdt, cpus, "#address-cells", 1);
	if (rc >= 0)
		rc = fdt_setprop_u32(fdt, cpus, "#size-cells", 0);
	if (rc < 0)
		die("/cpus properties", rc);
	/* fdt_add_subnode puts a new node first: add them last to first. */
	for (unsigned long i = count; i-- > 0;) {
		char name[32];
		int cpu;

		snprintf(name, sizeof(name), "cpu@%lx", i);
		cpu = fdt_add_subnode(fdt, cpus, name);
		rc = cpu;
		if (rc >= 0)
			rc = fdt_setprop_string(fdt, cpu, "device_type", "cpu");
		if (rc >= 0)
			rc = fdt_setprop_string(fdt, cpu, "compatible", "arm,neoverse-n1");
		if (rc >= 0)
			rc = fdt_setprop_u32(fdt, cpu, "reg", (uint32_t)i);
		if (rc < 0)
			die(name, rc);
	}
}

/*
 * Another property @name on @node, one cell @v: written under a name of
 * its own (libfdt puts it first in the node), then pointed at the
 * existing one's name (its name offset), so that the node has two
 * properties of one name, as a blob a tool other than libfdt may.
 */
static int dup_prop(void *fdt, int node, const char *name, uint32_t v)
{
	static const char tmp[] = "dtb-edit-duplicate";
	const struct fdt_property *first;
	struct fdt_property *second;
	int len, rc;

	first = fdt_get_property(fdt, node, name, &len);
	if (first == NULL)
		return len;
	rc = fdt_appendprop_u32(fdt, node, tmp, v);
	if (rc < 0)
		return rc;
	/* fdt_appendprop may move the blob's content: look both up again. */
	first = fdt_get_property(fdt, node, name, &len);
	second = fdt_get_property_w(fdt, node, tmp, &len);
	if (first == NULL || second == NULL)
		return -FDT_ERR_INTERNAL;
	second->nameoff = first->nameoff;
	return 0;
}

int main(int argc, char **argv)
{
	static char in[WORK_SIZE];
	char *fdt = calloc(1, WORK_SIZE);
	unsigned long pad = 0;
	FILE *f;
	size_t n;
	int rc, i;

	if (argc < 3 || fdt == NULL) {
		fprintf(stderr,
		        "usage: dtb_edit IN OUT [rm-node PATH | rm-prop PATH NAME | "
		        "add-node PARENT NAME | set-u32 PATH NAME V | set-zeros PATH NAME N | "
		        "dup-prop PATH NAME V | cpus N | pad N]...\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (f == NULL)
		die(argv[1], errno);
	n = fread(in, 1, sizeof(in), f);
	fclose(f);
	if (n < 40)
		die(argv[1], -FDT_ERR_TRUNCATED);
	rc = fdt_open_into(in, fdt, WORK_SIZE);
	if (rc < 0)
		die(argv[1], rc);
	for (i = 3; i < argc; i++) {
		const char *op = argv[i];

		if (strcmp(op, "rm-node") == 0 && i + 1 < argc) {
			rc = fdt_del_node(fdt, node_at(fdt, argv[++i]));
		} else if (strcmp(op, "rm-prop") == 0 && i + 2 < argc) {
			int node = node_at(fdt, argv[i + 1]);

			rc = fdt_delprop(fdt, node, argv[i + 2]);
			i += 2;
		} else if (strcmp(op, "add-node") == 0 && i + 2 < argc) {
			rc = fdt_add_subnode(fdt, node_at(fdt, argv[i + 1]), argv[i + 2]);
			i += 2;
		} else if (strcmp(op, "set-u32") == 0 && i + 3 < argc) {
			rc = fdt_setprop_u32(fdt, node_at(fdt, argv[i + 1]), argv[i + 2],
			                     (uint32_t)strtoul(argv[i + 3], NULL, 0));
			i += 3;
		} else if (strcmp(op, "set-zeros") == 0 && i + 3 < argc) {
			unsigned long len = strtoul(argv[i + 3], NULL, 0);
			char *zeros = len < WORK_SIZE ? calloc(1, len ? len : 1) : NULL;

			rc = zeros == NULL ? -FDT_ERR_NOSPACE
			                   : fdt_setprop(fdt, node_at(fdt, argv[i + 1]),
			                                 argv[i + 2], zeros, (int)len);
			free(zeros);
			i += 3;
		} else if (strcmp(op, "dup-prop") == 0 && i + 3 < argc) {
			rc = dup_prop(fdt, node_at(fdt, argv[i + 1]), argv[i + 2],
			              (uint32_t)strtoul(argv[i + 3], NULL, 0));
			i += 3;
		} else if (strcmp(op, "cpus") == 0 && i + 1 < argc) {
			make_cpus(fdt, strtoul(argv[++i], NULL, 0));
			rc = 0;
		} else if (strcmp(op, "pad") == 0 && i + 1 < argc) {
			pad = strtoul(argv[++i], NULL, 0);
			rc = 0;
		} else {
			fprintf(stderr, "dtb_edit: bad operation '%s'\n", op);
			return 2;
		}
		if (rc < 0)
			die(op, rc);
	}
	rc = fdt_pack(fdt);
	if (rc >= 0 && pad != 0)
		rc = fdt_open_into(fdt, fdt, (int)(fdt_totalsize(fdt) + pad));
	if (rc < 0)
		die("pack", rc);
	f = fopen(argv[2], "wb");
	if (f == NULL || fwrite(fdt, 1, fdt_totalsize(fdt), f) != fdt_totalsize(fdt) ||
	    fclose(f) != 0)
		die(argv[2], errno);
	free(fdt);
	return 0;
}
