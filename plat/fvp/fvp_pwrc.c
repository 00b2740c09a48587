/*
 * Base FVP power controller logic (plat/fvp/include/fvp_pwrc.h). Pure:
 * the device is reached through @io only; host-tested.
 */
#include <fvp_pwrc.h>

static uint32_t id(uint64_t mpidr)
{
	return (uint32_t)mpidr & PWRC_ID_MASK;
}

uint32_t fvp_pwrc_status(const struct fvp_pwrc_io *io, uint64_t mpidr)
{
	io->write(PWRC_PSYSR, id(mpidr));
	return io->read(PWRC_PSYSR);
}

int fvp_pwrc_core_on(const struct fvp_pwrc_io *io, uint64_t mpidr)
{
	/*
	 * After CPU_OFF the core may still be on its way down (its PPOFFR
	 * acts at its WFI); a PPONR then would be lost. Wait until it is off.
	 */
	for (unsigned int i = 0; i < FVP_PWRC_OFF_POLLS; i++) {
		uint32_t st = fvp_pwrc_status(io, mpidr);

		if (st == PSYSR_INVALID)
			return -1;
		if ((st & PSYSR_AFF_L0) == 0U) {
			io->write(PWRC_PPONR, id(mpidr));
			return 0;
		}
	}
	return -1;
}

void fvp_pwrc_core_off(const struct fvp_pwrc_io *io, uint64_t mpidr, bool cluster_off, bool wake)
{
	io->write(PWRC_PWKUPR, (wake ? PWKUPR_WEN : 0U) | id(mpidr));
	io->write(PWRC_PPOFFR, id(mpidr));
	if (cluster_off)
		io->write(PWRC_PCOFFR, id(mpidr));
}

void fvp_pwrc_core_up(const struct fvp_pwrc_io *io, uint64_t mpidr)
{
	io->write(PWRC_PWKUPR, id(mpidr));
}

uint32_t fvp_v2m_cfgctrl(unsigned int func)
{
	/* Site 0 (motherboard), position 0, device 0. */
	return V2M_CFGCTRL_START | V2M_CFGCTRL_WRITE | V2M_CFGCTRL_FUNC(func);
}
