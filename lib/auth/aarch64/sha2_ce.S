/*
 * SHA-256 and SHA-512 block functions on the Armv8 cryptographic extension
 * (FEAT_SHA256: SHA256H, SHA256H2, SHA256SU0, SHA256SU1; FEAT_SHA512:
 * SHA512H, SHA512H2, SHA512SU0, SHA512SU1; ARM DDI 0487 C7.2, the SHA2
 * round functions of FIPS 180-4 6.2.2 and 6.4.2).
 *
 * Callers check ID_AA64ISAR0_EL1.SHA2 first (lib/auth/auth_sha2.c): these
 * are UNDEFINED on a CPU without them. They use the AdvSIMD registers,
 * which EL3 may touch only with CPTR_EL3.TFP clear (the images' entry code
 * clears CPTR_EL3, include/common/aarch64/el3_common_macros.S).
 *
 * Register contract (AAPCS64): x0 = the eight state words (mbed TLS's
 * context layout: uint32_t[8] for SHA-256, uint64_t[8] for SHA-512), x1 =
 * the data, x2 = the number of whole blocks (64 or 128 bytes; 0 allowed);
 * for auth_sha256_ce_copy_blocks, x3 = where to copy the data to (0: no
 * copy). Only caller-saved registers are used (x0-x4, v0-v7, v16-v31;
 * never v8-v15), no stack; any alignment of the data and the copy.
 */
#include <arch/aarch64/asm_macros.S>

	.arch	armv8.2-a+sha2+sha3

/* ----- SHA-256 ------------------------------------------------------------ */

	/*
	 * Four rounds: \w holds W[i..i+3], \k the four constants K[i..i+3];
	 * v0 = ABCD, v1 = EFGH (ARM DDI 0487: SHA256H takes ABCD in Qd, EFGH
	 * in Qn; SHA256H2 EFGH in Qd and the ABCD from before SHA256H in Qn).
	 */
	.macro	sha256_4rounds w, k
	add	v17.4s, \w\().4s, \k\().4s
	mov	v16.16b, v0.16b
	sha256h	q0, q1, v17.4s
	sha256h2 q1, q16, v17.4s
	.endm

	/* W[i+16..i+19] into \w0 (which held W[i..i+3]) from the 12 after. */
	.macro	sha256_sched w0, w1, w2, w3
	sha256su0 \w0\().4s, \w1\().4s
	sha256su1 \w0\().4s, \w2\().4s, \w3\().4s
	.endm

func auth_sha256_ce_blocks
	mov	x3, xzr
	b	auth_sha256_ce_copy_blocks
endfunc auth_sha256_ce_blocks

	/*
	 * The same, each block also stored at x3 (when not 0) from the
	 * registers it is hashed from: one pass over an image that is copied
	 * to where it runs, and what is hashed is what was written.
	 */
func auth_sha256_ce_copy_blocks
	cbz	x2, 2f
	adr	x4, sha256_k
	ld1	{v18.4s-v21.4s}, [x4], #64
	ld1	{v22.4s-v25.4s}, [x4], #64
	ld1	{v26.4s-v29.4s}, [x4], #64
	ld1	{v30.4s, v31.4s}, [x4], #32
	ld1	{v0.4s, v1.4s}, [x0]
1:	ld1	{v4.16b-v7.16b}, [x1], #64
	cbz	x3, 3f
	st1	{v4.16b-v7.16b}, [x3], #64
3:	mov	v2.16b, v0.16b
	mov	v3.16b, v1.16b
	rev32	v4.16b, v4.16b		/* the message words are big-endian */
	rev32	v5.16b, v5.16b
	rev32	v6.16b, v6.16b
	rev32	v7.16b, v7.16b
	/* Rounds 0-47, scheduling W[16..63] four words ahead of use. */
	sha256_4rounds v4, v18
	sha256_sched v4, v5, v6, v7
	sha256_4rounds v5, v19
	sha256_sched v5, v6, v7, v4
	sha256_4rounds v6, v20
	sha256_sched v6, v7, v4, v5
	sha256_4rounds v7, v21
	sha256_sched v7, v4, v5, v6
	sha256_4rounds v4, v22
	sha256_sched v4, v5, v6, v7
	sha256_4rounds v5, v23
	sha256_sched v5, v6, v7, v4
	sha256_4rounds v6, v24
	sha256_sched v6, v7, v4, v5
	sha256_4rounds v7, v25
	sha256_sched v7, v4, v5, v6
	sha256_4rounds v4, v26
	sha256_sched v4, v5, v6, v7
	sha256_4rounds v5, v27
	sha256_sched v5, v6, v7, v4
	sha256_4rounds v6, v28
	sha256_sched v6, v7, v4, v5
	sha256_4rounds v7, v29
	sha256_sched v7, v4, v5, v6
	/* Rounds 48-63: the last four constant vectors are reloaded. */
	sha256_4rounds v4, v30
	sha256_4rounds v5, v31
	ld1	{v16.4s, v17.4s}, [x4]	/* K[56..63] */
	add	v6.4s, v6.4s, v16.4s
	add	v7.4s, v7.4s, v17.4s
	mov	v16.16b, v0.16b
	sha256h	q0, q1, v6.4s
	sha256h2 q1, q16, v6.4s
	mov	v16.16b, v0.16b
	sha256h	q0, q1, v7.4s
	sha256h2 q1, q16, v7.4s
	/* Add the block's starting state (FIPS 180-4 6.2.2 step 4). */
	add	v0.4s, v0.4s, v2.4s
	add	v1.4s, v1.4s, v3.4s
	subs	x2, x2, #1
	b.ne	1b
	st1	{v0.4s, v1.4s}, [x0]
2:	ret
endfunc auth_sha256_ce_copy_blocks

	.section .rodata.sha256_k, "a"
	.p2align 4
sha256_k:	/* FIPS 180-4 4.2.2 */
	.word	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.word	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.word	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.word	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.word	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.word	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.word	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.word	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.word	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.word	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.word	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.word	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.word	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.word	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.word	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.word	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2

/* ----- SHA-512 ------------------------------------------------------------ */

	/*
	 * Two rounds. The state is in four of v0-v4 as pairs {low, high}:
	 * \ab = {a, b}, \cd = {c, d}, \ef = {e, f}, \gh = {g, h}; \nx is the
	 * fifth, free. \w = {W[i], W[i+1]}; the constants are loaded from x3.
	 * Afterwards {a, b} is in \gh, {c, d} in \ab, {e, f} in \nx and {g, h}
	 * in \ef (the caller rotates the names), \cd is free.
	 *
	 * SHA512H Qd, Qn, Vm (ARM DDI 0487): Vm = {d, e}, Qn = {f, g}, Qd =
	 * {g + K[i+1] + W[i+1], h + K[i] + W[i]}; gives {T1(i+1), T1(i)}, from
	 * which {e, f} afterwards is {c, d} + that. SHA512H2: Vm = {a, b},
	 * Qn = {c, .}, Qd = the T1 pair; gives {a, b} afterwards.
	 */
	.macro	sha512_2rounds ab, cd, ef, gh, nx, w
	ld1	{v27.2d}, [x3], #16
	add	v24.2d, \w\().2d, v27.2d
	ext	v24.16b, v24.16b, v24.16b, #8	/* {K+W[i+1], K+W[i]} */
	ext	v25.16b, v\ef\().16b, v\gh\().16b, #8	/* {f, g} */
	ext	v26.16b, v\cd\().16b, v\ef\().16b, #8	/* {d, e} */
	add	v\gh\().2d, v\gh\().2d, v24.2d
	sha512h	q\gh, q25, v26.2d
	add	v\nx\().2d, v\cd\().2d, v\gh\().2d
	sha512h2 q\gh, q\cd, v\ab\().2d
	.endm

	/*
	 * {W[i+16], W[i+17]} into \w0 (which held {W[i], W[i+1]}): \w1 =
	 * W[i+2..3], \w4 = W[i+8..9], \w5 = W[i+10..11], \w7 = W[i+14..15].
	 */
	.macro	sha512_sched w0, w1, w4, w5, w7
	ext	v26.16b, \w4\().16b, \w5\().16b, #8	/* {W[i+9], W[i+10]} */
	sha512su0 \w0\().2d, \w1\().2d
	sha512su1 \w0\().2d, \w7\().2d, v26.2d
	.endm

func auth_sha512_ce_blocks
	cbz	x2, 2f
	ld1	{v0.2d-v3.2d}, [x0]
1:	adr	x3, sha512_k
	ld1	{v16.16b-v19.16b}, [x1], #64
	ld1	{v20.16b-v23.16b}, [x1], #64
	/* The message words are big-endian. */
	rev64	v16.16b, v16.16b
	rev64	v17.16b, v17.16b
	rev64	v18.16b, v18.16b
	rev64	v19.16b, v19.16b
	rev64	v20.16b, v20.16b
	rev64	v21.16b, v21.16b
	rev64	v22.16b, v22.16b
	rev64	v23.16b, v23.16b
	/* The block's starting state, for the final addition. */
	mov	v28.16b, v0.16b
	mov	v29.16b, v1.16b
	mov	v30.16b, v2.16b
	mov	v31.16b, v3.16b
	mov	x4, #4
	/*
	 * Four times 16 rounds with the schedule (rounds 0-63, W[16..79]),
	 * then 16 without. After 16 rounds (8 double rounds, a multiple of 5
	 * plus 3) the state's registers have rotated by 8 steps: the macro
	 * calls below are written out for the five rotations.
	 */
3:	sha512_2rounds 0, 1, 2, 3, 4, v16
	sha512_sched v16, v17, v20, v21, v23
	sha512_2rounds 3, 0, 4, 2, 1, v17
	sha512_sched v17, v18, v21, v22, v16
	sha512_2rounds 2, 3, 1, 4, 0, v18
	sha512_sched v18, v19, v22, v23, v17
	sha512_2rounds 4, 2, 0, 1, 3, v19
	sha512_sched v19, v20, v23, v16, v18
	sha512_2rounds 1, 4, 3, 0, 2, v20
	sha512_sched v20, v21, v16, v17, v19
	sha512_2rounds 0, 1, 2, 3, 4, v21
	sha512_sched v21, v22, v17, v18, v20
	sha512_2rounds 3, 0, 4, 2, 1, v22
	sha512_sched v22, v23, v18, v19, v21
	sha512_2rounds 2, 3, 1, 4, 0, v23
	sha512_sched v23, v16, v19, v20, v22
	/* The state is now {a,b} v4, {c,d} v2, {e,f} v0, {g,h} v1: put it
	 * back in v0-v3 for the next pass (four moves per 16 rounds). */
	mov	v5.16b, v4.16b
	mov	v6.16b, v2.16b
	mov	v7.16b, v0.16b
	mov	v3.16b, v1.16b
	mov	v0.16b, v5.16b
	mov	v1.16b, v6.16b
	mov	v2.16b, v7.16b
	subs	x4, x4, #1
	b.ne	3b
	sha512_2rounds 0, 1, 2, 3, 4, v16
	sha512_2rounds 3, 0, 4, 2, 1, v17
	sha512_2rounds 2, 3, 1, 4, 0, v18
	sha512_2rounds 4, 2, 0, 1, 3, v19
	sha512_2rounds 1, 4, 3, 0, 2, v20
	sha512_2rounds 0, 1, 2, 3, 4, v21
	sha512_2rounds 3, 0, 4, 2, 1, v22
	sha512_2rounds 2, 3, 1, 4, 0, v23
	/* {a,b} v4, {c,d} v2, {e,f} v0, {g,h} v1, as after each pass. */
	add	v5.2d, v4.2d, v28.2d
	add	v6.2d, v2.2d, v29.2d
	add	v7.2d, v0.2d, v30.2d
	add	v3.2d, v1.2d, v31.2d
	mov	v0.16b, v5.16b
	mov	v1.16b, v6.16b
	mov	v2.16b, v7.16b
	subs	x2, x2, #1
	b.ne	1b
	st1	{v0.2d-v3.2d}, [x0]
2:	ret
endfunc auth_sha512_ce_blocks

	.section .rodata.sha512_k, "a"
	.p2align 4
sha512_k:	/* FIPS 180-4 4.2.3 */
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817
