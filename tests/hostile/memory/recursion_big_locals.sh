# Every recursion level keeps a 50 000-element local array: 40 levels
# are past the memory limit, well before the depth limit.
# expect-stop: memory
f() { local -a a=({1..50000}); f; }
f
