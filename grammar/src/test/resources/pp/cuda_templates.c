/* Templates and scope operators through macros. */
#define TYPE(T) std::vector<T>
#define NS(n) n::detail
#define CALL(f, ...) f<__VA_ARGS__>()
TYPE(int) TYPE(TYPE(float)) NS(cub)::scan
CALL(run, int, 4) CALL(::g, float)
#define SHARED(t, n) __shared__ t n[256]
SHARED(float, temp);
#define SYNC __syncthreads()
SYNC; if (threadIdx.x == 0) SYNC;
