/*
 * Porting interface: trusted board boot (lib/auth, docs/design/trusted-boot.rst).
 * What only the platform knows: the root-of-trust public key's hash and the
 * non-volatile anti-rollback counters (Arm DEN0006, TBBR-Client).
 *
 * Both hooks are mandatory for an image that links lib/auth (a missing one
 * is a link error). lib/auth calls them from auth_image(), in BL1 and BL2,
 * on the primary CPU, MMU on, any number of times; they must not block.
 */
#ifndef PLAT_TRUSTED_BOOT_H
#define PLAT_TRUSTED_BOOT_H

#include <stddef.h>
#include <stdint.h>

/*
 * plat_get_rotpk_hash() - the root-of-trust public key's hash.
 * @hash: set to a DER DigestInfo (RFC 8017 9.2) of the ROT key's DER
 *        SubjectPublicKeyInfo, e.g. for SHA-256 the 19 bytes
 *        30 31 30 0d 06 09 60 86 48 01 65 03 04 02 01 05 00 04 20 and the
 *        32-byte digest. The bytes must stay valid (ROM, fuses copied to
 *        memory, a constant) until the boot stage ends.
 * @len:  set to its size in bytes.
 *
 * Returns 0, or a negative value if the platform cannot provide it (the
 * certificate is then refused with AUTH_E_PLAT).
 */
int plat_get_rotpk_hash(const uint8_t **hash, size_t *len);

/* The two NV counters of DEN0006. */
enum plat_nv_ctr {
	PLAT_NV_CTR_TRUSTED,     /* trusted firmware (BL2, BL31 certs) */
	PLAT_NV_CTR_NON_TRUSTED, /* non-trusted firmware (BL33 certs) */
};

/*
 * plat_get_nv_ctr() - read an NV counter.
 * @ctr:   which one.
 * @value: set to its value on success.
 *
 * A certificate is accepted only if its counter is >= @value. Returns 0, or
 * a negative value if the counter cannot be read (the certificate is then
 * refused with AUTH_E_PLAT).
 */
int plat_get_nv_ctr(enum plat_nv_ctr ctr, uint32_t *value);

#endif /* PLAT_TRUSTED_BOOT_H */
