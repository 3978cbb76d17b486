#include <random>

void random_input(float *h, int n)
{
    std::mt19937 gen(42);
    std::uniform_real_distribution<float> dist(0.0f, 1.0f);
    for (int i = 0; i < n; i++) {
        h[i] = dist(gen);
    }
}
