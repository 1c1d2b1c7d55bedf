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
