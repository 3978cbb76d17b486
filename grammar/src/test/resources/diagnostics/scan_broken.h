// A helper header with a syntax error; included by pp_error_in_included_file.cu only.
#pragma once
__device__ int bank_of(int i)
{
    return i & 31
}
