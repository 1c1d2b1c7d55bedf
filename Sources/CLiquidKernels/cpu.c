#include "CLiquidKernels.h"

int lk_has_avx2(void) {
#if defined(__x86_64__)
    /* The compiler runtime's CPUID probe also checks (XGETBV) that the OS saves the YMM registers. */
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

int lk_has_avx512(void) {
#if defined(__x86_64__)
    /* The probe also checks (XGETBV) that the OS saves the opmask and 512-bit registers. */
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
                   && __builtin_cpu_supports("avx512vl")
               ? 1
               : 0;
#else
    return 0;
#endif
}

void lk_spin_pause(void) {
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
}
