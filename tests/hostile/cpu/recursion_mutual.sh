# Mutual recursion of two functions.
# expect-stop: call_depth
# expect-max-seconds: 2
ping() { pong "$@" x; }
pong() { ping "$@" y; }
ping
