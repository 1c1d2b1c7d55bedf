// libFuzzer's driver, for fuzz targets whose `main` is their own. Only a declaration: the definition is in
// the fuzzer runtime that `-sanitize=fuzzer` links, and only fuzzing builds (LIQUID_FUZZ) call it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*testOneInput)(const uint8_t *data, size_t size));
