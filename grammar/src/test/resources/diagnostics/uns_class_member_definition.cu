// A member function defined outside a class whose body does not declare it (here one only declared).
class Counter;

void Counter::reset()
{
}
// expect-nvcc: error
