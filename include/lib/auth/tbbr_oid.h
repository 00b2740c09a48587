/*
 * TBBR X.509 extension OIDs (Arm DEN0006, TBBR-Client; the values TF-A's
 * cert_create uses), all under the arc 1.3.6.1.4.1.4128.2100, as the dotted
 * text auth_cert_ext() takes. Shared by lib/auth and tools/cert_create.
 *
 * Value encodings: an NV counter is a DER INTEGER; a hash is DER
 * SEQUENCE { AlgorithmIdentifier, OCTET STRING digest }; a key is a DER
 * SubjectPublicKeyInfo.
 */
#ifndef TBBR_OID_H
#define TBBR_OID_H

#define TBBR_OID_ARC "1.3.6.1.4.1.4128.2100"

/* NV counters: every trusted-world certificate carries the trusted one,
 * the non-trusted-world certificates the non-trusted one. */
#define TBBR_OID_TRUSTED_NV_CTR     TBBR_OID_ARC ".1"
#define TBBR_OID_NON_TRUSTED_NV_CTR TBBR_OID_ARC ".2"

/* Trusted Boot Firmware (BL2) certificate: image hashes. */
#define TBBR_OID_BL2_HASH          TBBR_OID_ARC ".201"
#define TBBR_OID_TB_FW_CONFIG_HASH TBBR_OID_ARC ".202"
#define TBBR_OID_HW_CONFIG_HASH    TBBR_OID_ARC ".203"
#define TBBR_OID_FW_CONFIG_HASH    TBBR_OID_ARC ".204"

/* Trusted key certificate: the two world keys. */
#define TBBR_OID_TRUSTED_WORLD_PK     TBBR_OID_ARC ".302"
#define TBBR_OID_NON_TRUSTED_WORLD_PK TBBR_OID_ARC ".303"

/* SoC firmware (BL31) key and content certificates. */
#define TBBR_OID_SOC_FW_CONTENT_CERT_PK TBBR_OID_ARC ".501"
#define TBBR_OID_BL31_HASH              TBBR_OID_ARC ".603"
#define TBBR_OID_SOC_FW_CONFIG_HASH     TBBR_OID_ARC ".604"

/* Non-trusted firmware (BL33) key and content certificates. */
#define TBBR_OID_NT_FW_CONTENT_CERT_PK TBBR_OID_ARC ".1101"
#define TBBR_OID_BL33_HASH             TBBR_OID_ARC ".1201"
#define TBBR_OID_NT_FW_CONFIG_HASH     TBBR_OID_ARC ".1202"

#endif /* TBBR_OID_H */
