print("benchmarks: not yet")
