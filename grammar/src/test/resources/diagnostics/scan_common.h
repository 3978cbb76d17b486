// Macros shared by the corpus cases that include a header; not a case itself.
#pragma once
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define LOAD_SHARED(i) temp[(i) + CONFLICT_FREE_OFFSET(i)] = g_idata[(i)]
