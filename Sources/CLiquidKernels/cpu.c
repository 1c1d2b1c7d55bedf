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

int lk_flush_from_caches(const void *start, size_t bytes) {
    const char *p = (const char *)start;
#if defined(__x86_64__)
    /* clflush is part of SSE2, so every x86-64 has it; the fence orders the flushes before what follows. */
    for (size_t i = 0; i < bytes; i += 64) __builtin_ia32_clflush(p + i);
    if (bytes > 0) __builtin_ia32_clflush(p + bytes - 1);
    __builtin_ia32_mfence();
    return 1;
#elif defined(__aarch64__)
    /* Clean and invalidate by address to the point of coherency; lines of 128 bytes are visited twice. */
    for (size_t i = 0; i < bytes; i += 64) __asm__ volatile("dc civac, %0" : : "r"(p + i) : "memory");
    if (bytes > 0) __asm__ volatile("dc civac, %0" : : "r"(p + bytes - 1) : "memory");
    __asm__ volatile("dsb ish" : : : "memory");
    return 1;
#else
    (void)p;
    (void)bytes;
    return 0;
#endif
}
