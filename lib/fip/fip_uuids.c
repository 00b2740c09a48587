/*
 * Known FIP image types: fiptool option, the descriptive name fiptool prints,
 * and the UUID, as TF-A's fiptool names them.
 *
 * The order and the names follow TF-A 2.8 fiptool (`fiptool create` help
 * and `fiptool info` output), because fiptool packs and lists images in this
 * order; keeping it lets our fiptool produce byte-identical FIPs.
 */
#include <tools_share/fip.h>
#include <lib/utils_def.h>

#define DESC(opt, desc_name, uuid_init)                                                            \
	{                                                                                          \
		.option = (opt), .name = (desc_name), .uuid = uuid_init                            \
	}

const struct fip_image_desc fip_image_descs[] = {
	DESC("scp-fwu-cfg", "SCP Firmware Updater Configuration FWU SCP_BL2U",
	     FIP_UUID_SCP_FWU_CFG),
	DESC("ap-fwu-cfg", "AP Firmware Updater Configuration BL2U", FIP_UUID_AP_FWU_CFG),
	DESC("fwu", "Firmware Updater NS_BL2U", FIP_UUID_FWU),
	DESC("fwu-cert", "Non-Trusted Firmware Updater certificate", FIP_UUID_FWU_CERT),
	DESC("tb-fw", "Trusted Boot Firmware BL2", FIP_UUID_TB_FW),
	DESC("scp-fw", "SCP Firmware SCP_BL2", FIP_UUID_SCP_FW),
	DESC("soc-fw", "EL3 Runtime Firmware BL31", FIP_UUID_SOC_FW),
	DESC("tos-fw", "Secure Payload BL32 (Trusted OS)", FIP_UUID_TOS_FW),
	DESC("tos-fw-extra1", "Secure Payload BL32 Extra1 (Trusted OS Extra1)",
	     FIP_UUID_TOS_FW_EXTRA1),
	DESC("tos-fw-extra2", "Secure Payload BL32 Extra2 (Trusted OS Extra2)",
	     FIP_UUID_TOS_FW_EXTRA2),
	DESC("nt-fw", "Non-Trusted Firmware BL33", FIP_UUID_NT_FW),
	DESC("rmm-fw", "Realm Monitor Management Firmware", FIP_UUID_RMM_FW),
	DESC("fw-config", "FW_CONFIG", FIP_UUID_FW_CONFIG),
	DESC("hw-config", "HW_CONFIG", FIP_UUID_HW_CONFIG),
	DESC("tb-fw-config", "TB_FW_CONFIG", FIP_UUID_TB_FW_CONFIG),
	DESC("soc-fw-config", "SOC_FW_CONFIG", FIP_UUID_SOC_FW_CONFIG),
	DESC("tos-fw-config", "TOS_FW_CONFIG", FIP_UUID_TOS_FW_CONFIG),
	DESC("nt-fw-config", "NT_FW_CONFIG", FIP_UUID_NT_FW_CONFIG),
	DESC("rot-cert", "Root Of Trust key certificate", FIP_UUID_ROT_CERT),
	DESC("trusted-key-cert", "Trusted key certificate", FIP_UUID_TRUSTED_KEY_CERT),
	DESC("scp-fw-key-cert", "SCP Firmware key certificate", FIP_UUID_SCP_FW_KEY_CERT),
	DESC("soc-fw-key-cert", "SoC Firmware key certificate", FIP_UUID_SOC_FW_KEY_CERT),
	DESC("tos-fw-key-cert", "Trusted OS Firmware key certificate", FIP_UUID_TOS_FW_KEY_CERT),
	DESC("nt-fw-key-cert", "Non-Trusted Firmware key certificate", FIP_UUID_NT_FW_KEY_CERT),
	DESC("tb-fw-cert", "Trusted Boot Firmware BL2 certificate", FIP_UUID_TB_FW_CERT),
	DESC("scp-fw-cert", "SCP Firmware content certificate", FIP_UUID_SCP_FW_CERT),
	DESC("soc-fw-cert", "SoC Firmware content certificate", FIP_UUID_SOC_FW_CERT),
	DESC("tos-fw-cert", "Trusted OS Firmware content certificate", FIP_UUID_TOS_FW_CERT),
	DESC("nt-fw-cert", "Non-Trusted Firmware content certificate", FIP_UUID_NT_FW_CERT),
	DESC("sip-sp-cert", "SiP owned Secure Partition content certificate", FIP_UUID_SIP_SP_CERT),
	DESC("plat-sp-cert", "Platform owned Secure Partition content certificate",
	     FIP_UUID_PLAT_SP_CERT),
	DESC("cca-cert", "CCA Content Certificate", FIP_UUID_CCA_CERT),
	DESC("core-swd-cert", "Core Secure World Key Certificate", FIP_UUID_CORE_SWD_CERT),
	DESC("plat-key-cert", "Platform Key Certificate", FIP_UUID_PLAT_KEY_CERT),
};

const size_t fip_image_desc_count = ARRAY_SIZE(fip_image_descs);
