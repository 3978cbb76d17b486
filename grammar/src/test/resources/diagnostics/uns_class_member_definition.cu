// Counter is no namespace: Counter::reset would be a member function of a class.
class Counter;

void Counter::reset()
{
}
// expect-nvcc: error
